import type { DB } from '../../db/database.ts'
import { findLeadOpportunity, nextStatusVersion } from '../../repositories/lead-opportunities.repository.ts'
import { findPipeline } from '../../repositories/pipelines.repository.ts'
import { opportunitySyncJob } from '../jobs/opportunity-sync.job.ts'
import type { JobQueue } from '../queue/job-queue.ts'

/**
 * After a lead's contact exists: queues the creation of its opportunity when the client's pipeline
 * is on and the lead has none in that pipeline yet (most syncs of a known lead cost two reads).
 */
export async function queueOpportunityIfNeeded(
  db: DB,
  jobs: JobQueue,
  clientId: string,
  leadId: string,
): Promise<void> {
  const pipeline = await findPipeline(db, clientId)
  if (!pipeline?.enabled) return
  const row = await findLeadOpportunity(db, leadId)
  if (row?.opportunityId && row.pipelineId === pipeline.pipelineId) return
  await jobs.enqueue(opportunitySyncJob, { clientId, leadId })
}

/**
 * A status changed in the hub (inbox or API), inside the transaction that changed it: it takes
 * the lead's next version, and the move to its stage is queued with it (both or neither).
 */
export async function queueStatusMove(
  tx: DB,
  jobs: JobQueue,
  clientId: string,
  leadId: string,
): Promise<void> {
  const version = await nextStatusVersion(tx, clientId, leadId)
  const pipeline = await findPipeline(tx, clientId)
  if (!pipeline?.enabled) return
  await jobs.enqueue(opportunitySyncJob, { clientId, leadId, version }, { tx })
}
