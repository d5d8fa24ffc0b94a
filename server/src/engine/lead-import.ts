import type { ImportStarted } from '@common/imports.ts'
import type { DB } from '../db/database.ts'
import { NotFoundError, ValidationError } from '../lib/errors.ts'
import { findYelpConnection } from '../repositories/connections.repository.ts'
import { startLeadImport, updateLeadImport } from '../repositories/lead-imports.repository.ts'
import { leadSyncBulkJob } from './jobs/lead-sync.job.ts'
import type { JobQueue } from './queue/job-queue.ts'
import type { LeadSyncJob } from './queue/queues.ts'
import type { LeadSources } from './sources/sources.ts'

/** The source of the business imported: a client's connected business is Yelp's until locations carry their own. */
const BUSINESS_SOURCE = 'yelp'

/** Lead syncs queued per insert by an import. */
const IMPORT_BATCH = 500

/**
 * Historical import (docs/spec/dashboard-spec.md §2.6): pages the business's lead ids (docs/providers/yelp.md §1 `lead_ids`,
 * `has_more`) and queues a sync of each lead; progress is kept in `lead_imports`.
 */
export class LeadImport {
  constructor(
    private readonly db: DB,
    private readonly jobs: JobQueue,
    private readonly sources: Pick<LeadSources, 'get'>,
    /** Queues the import's job (jobs/lead-import.job.ts). */
    private readonly queueRun: (clientId: string) => Promise<unknown>,
  ) {}

  /** Validates and queues the import; the job does the paging. */
  async start(clientId: string): Promise<ImportStarted> {
    const yelp = await findYelpConnection(this.db, clientId)
    if (!yelp) throw new NotFoundError(`Client ${clientId} not found`)
    if (!yelp.connected || !yelp.businessId) {
      throw new ValidationError('clientId: connect the client’s Yelp business before importing its leads')
    }
    await startLeadImport(this.db, clientId, yelp.businessId)
    await this.queueRun(clientId)
    return { businessId: yelp.businessId, status: 'started' }
  }

  async run(clientId: string): Promise<{ queued: number }> {
    const businessId = (await findYelpConnection(this.db, clientId))?.businessId
    if (!businessId) return { queued: 0 }
    const source = this.sources.get(BUSINESS_SOURCE)
    try {
      // A source that cannot list a business's leads has nothing to import.
      const leadIds = source.listLeadIds ? await source.listLeadIds(clientId, businessId) : []
      await updateLeadImport(this.db, clientId, { leadsFound: leadIds.length })
      let queued = 0
      // In batches of one insert each, at bulk priority: live webhooks' syncs go first.
      for (let start = 0; start < leadIds.length; start += IMPORT_BATCH) {
        const jobs = leadIds
          .slice(start, start + IMPORT_BATCH)
          .map((leadId): LeadSyncJob => ({ clientId, source: source.id, leadId, reason: 'import' }))
        await this.jobs.enqueueMany(leadSyncBulkJob, jobs)
        queued += jobs.length
        await updateLeadImport(this.db, clientId, { leadsQueued: queued })
      }
      await updateLeadImport(this.db, clientId, { leadsQueued: queued, status: 'completed', finished: true })
      return { queued }
    } catch (error) {
      await updateLeadImport(this.db, clientId, {
        status: 'failed',
        error: (error as Error).message,
        finished: true,
      })
      throw error
    }
  }
}
