import { recordMissedWebhooks } from '../../../repositories/missed-webhooks.repository.ts'
import { defineLeadReaction } from '../lead-reaction.ts'

/**
 * System Health's count of updates no webhook announced (a reconcile found them), whether or not
 * an alert channel takes `webhooks.silent` (lead-alerts.reaction.ts raises that).
 */
export const missedWebhooksReaction = defineLeadReaction({
  on: ['lead.stored'],
  async react(event, { tx }) {
    if (event.unannounced.length) await recordMissedWebhooks(tx, event.clientId, event.unannounced.length)
  },
})
