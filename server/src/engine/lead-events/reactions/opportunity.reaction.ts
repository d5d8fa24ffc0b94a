import {
  findLeadOpportunity,
  nextStatusVersion,
} from '../../../repositories/lead-opportunities.repository.ts'
import { findPipeline } from '../../../repositories/pipelines.repository.ts'
import { opportunitySyncJob } from '../../jobs/opportunity-sync.job.ts'
import { defineLeadReaction } from '../lead-reaction.ts'

/**
 * The lead's GHL opportunity (docs/spec/product.md §9.4). Once its contact exists: its creation,
 * when the client's pipeline is on and the lead has none in that pipeline yet (most syncs of a
 * known lead cost two reads). A status set in the hub takes the lead's next version and queues the
 * move to its stage, both with the change or neither. A status GHL set is GHL's already: its
 * webhook recorded the version as synced (recordGhlState), and a move back would only echo it.
 */
export const opportunityReaction = defineLeadReaction({
  on: ['lead.contact_ready', 'lead.status_changed'],
  async react(event, { tx, jobs }) {
    const { clientId, leadId } = event
    if (event.type === 'lead.contact_ready') {
      const pipeline = await findPipeline(tx, clientId)
      if (!pipeline?.enabled) return
      const row = await findLeadOpportunity(tx, leadId)
      if (row?.opportunityId && row.pipelineId === pipeline.pipelineId) return
      await jobs.enqueue(opportunitySyncJob, { clientId, leadId }, { tx })
      return
    }
    if (event.origin === 'ghl') return
    const version = await nextStatusVersion(tx, clientId, leadId)
    const pipeline = await findPipeline(tx, clientId)
    if (!pipeline?.enabled) return
    await jobs.enqueue(opportunitySyncJob, { clientId, leadId, version }, { tx })
  },
})
