import { leadMetricsJob } from '../../jobs/lead-metrics.job.ts'
import { defineLeadReaction } from '../lead-reaction.ts'

/**
 * The lead's figures from its source (its cost, docs/decisions/0014), fetched once it is stored,
 * whatever becomes of its forwarding.
 */
export const leadMetricsReaction = defineLeadReaction({
  on: ['lead.stored'],
  async react(event, { tx, jobs }) {
    if (!event.needsMetrics) return
    await jobs.enqueue(leadMetricsJob, { clientId: event.clientId, leadId: event.leadId }, { tx })
  },
})
