import {
  leadMessageAlert,
  leadNewAlert,
  phoneSharedAlert,
  statusChangedAlert,
  webhooksSilentByReconcile,
} from '../../alerts/alert-events.ts'
import { defineLeadReaction } from '../lead-reaction.ts'

/**
 * A message older than this when the hub first reads it (a reconcile reaching back two weeks, a
 * client connected with leads of last week) is history, not something to act on now.
 */
const NEWS_MAX_AGE_MS = 24 * 3600_000

/**
 * The lead alerts of docs/spec/product.md §9.3, raised once the change that reveals them
 * committed: `lead.new` for the lead's first consumer message, `lead.message` for each later one,
 * `lead.phone_shared` when a stored lead gains a phone number, `webhooks.silent` when a reconcile
 * found messages no webhook announced, and `lead.status_changed` when the status changed, in the
 * hub or in GHL. Only messages still to forward are recorded, so a retried sync raises nothing new
 * (and the outbox drops a repeated cause anyway). An import's leads are history: nothing is raised.
 */
export const leadAlertsReaction = defineLeadReaction({
  on: ['lead.message', 'lead.stored', 'lead.status_changed'],
  async react(event, { alerts, clock }) {
    const { clientId, leadId } = event
    switch (event.type) {
      case 'lead.message': {
        const { message } = event
        if (event.history || message.author !== 'consumer' || message.kind !== 'message') return
        const at = new Date(message.time)
        if (clock().getTime() - at.getTime() > NEWS_MAX_AGE_MS) return
        const text = message.text || null
        await alerts.raise(
          event.first
            ? leadNewAlert(clientId, leadId, text, at)
            : leadMessageAlert(clientId, leadId, message.id, text, at),
        )
        return
      }
      case 'lead.stored':
        if (event.history) return
        if (event.gainedPhone) await alerts.raise(phoneSharedAlert(clientId, leadId, event.gainedPhone))
        if (event.unannounced.length)
          await alerts.raise(webhooksSilentByReconcile(clientId, leadId, [...event.unannounced]))
        return
      case 'lead.status_changed':
        if (event.previous !== event.status)
          await alerts.raise(statusChangedAlert(clientId, leadId, event.previous, event.status, event.by))
        return
    }
  },
})
