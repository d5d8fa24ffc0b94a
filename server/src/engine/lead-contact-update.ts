import type { DB } from '../db/database.ts'
import { findGhlConnection } from '../repositories/connections.repository.ts'
import { findLead } from '../repositories/leads.repository.ts'
import { isGhlConnected } from './ghl-contact/contact-link.ts'
import type { LeadSyncHandler } from './lead-sync/lead-sync.handler.ts'
import { withLeadLease } from './queue/lead-lease.ts'
import { type LeadJob, leadSyncKey } from './queue/queues.ts'

/** How long an edit waits for a running sync of the same lead before the job is retried. */
const LEAD_WAIT_MS = 20_000

/**
 * Email or phone edited in the inbox (docs/spec/product.md §6.1 `PATCH …/contact`) pushed to the
 * lead's GHL contact: the stored lead, now carrying the edit, is synced from the store with a
 * verified contact (an update call), never beside another sync of the same lead.
 */
export class LeadContactUpdate {
  constructor(
    private readonly db: DB,
    private readonly leadSync: LeadSyncHandler,
  ) {}

  async run(job: LeadJob): Promise<{ status: string }> {
    const client = await findGhlConnection(this.db, job.clientId)
    const lead = await findLead(this.db, job.clientId, job.leadId)
    if (!client || !lead) return { status: 'gone' }
    if (!isGhlConnected(client)) return { status: 'GoHighLevel is not connected for this client' }
    const outcome = await withLeadLease(
      this.db,
      leadSyncKey(job),
      async () => {
        // Read again inside the lease: a sync that just finished may have refreshed the row.
        const current = (await findLead(this.db, job.clientId, job.leadId)) ?? lead
        return this.leadSync.syncFromStore(client, current)
      },
      { waitMs: LEAD_WAIT_MS },
    )
    // Thrown, so the queue retries it with backoff.
    if (!outcome.ran) throw new Error(`Lead ${job.leadId} is being synced; its contact update will retry`)
    return { status: 'updated' }
  }
}
