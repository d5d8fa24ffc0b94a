import type { DB } from '../db/database.ts'
import { listYelpConnectedBusinesses } from '../repositories/clients.repository.ts'
import { listLeadIdsAtCheckpoints, listStoredLeadIdsAmong } from '../repositories/leads.repository.ts'
import { leadSyncBulkJob } from './jobs/lead-sync.job.ts'
import type { LeadsPort } from './provider-ports.ts'
import type { JobQueue } from './queue/job-queue.ts'
import type { LeadSyncJob } from './queue/queues.ts'

// Webhooks can be late or lost (docs/providers/yelp.md §2): look back over recent leads.
const NEW_LEAD_WINDOW_MS = 14 * 24 * 3600_000
/** How often the reconcile runs (jobs/reconcile.job.ts RECONCILE_CRON): the width of a checkpoint's window. */
export const RECONCILE_INTERVAL_MS = 15 * 60_000
const MINUTE = 60_000
/**
 * How long after a stored lead's last known event it is read once more for events whose webhook
 * was lost (docs/decisions/0013-reconcile-costs-what-changed.md). Each lead is read once per
 * checkpoint after each activity, so the cost follows how many leads are active, never how many
 * are stored.
 */
export const CHECKPOINTS_MS = [
  15 * MINUTE,
  60 * MINUTE,
  4 * 60 * MINUTE,
  24 * 60 * MINUTE,
  3 * 24 * 60 * MINUTE,
]

/**
 * Every 15 minutes, per connected business (docs/decisions/0012, 0013): lists the lead
 * ids created in the last two weeks (Yelp's `lead_ids`, one call per page of 20) and queues a full
 * sync of each id never stored — a lead whose webhooks were all lost. A stored lead is not read
 * again here unless its last known event is at one of the CHECKPOINTS_MS ages: then one
 * incremental read (its new events only, no GHL call when nothing is new). With nothing new and
 * no lead at a checkpoint, a run costs the list calls alone. The jobs go in one insert, at bulk
 * priority, behind the webhooks'.
 */
export class Reconciler {
  constructor(
    private readonly db: DB,
    private readonly jobs: JobQueue,
    private readonly leads: LeadsPort,
  ) {}

  async run(now = new Date()): Promise<{ queued: number; failures: string[] }> {
    const connected = await listYelpConnectedBusinesses(this.db)
    let queued = 0
    const failures: string[] = []
    for (const { clientId, businessId } of connected) {
      try {
        const recent = await this.leads.listLeadIds(clientId, businessId, {
          createdAfter: new Date(now.getTime() - NEW_LEAD_WINDOW_MS),
        })
        const stored = new Set(await listStoredLeadIdsAmong(this.db, clientId, recent))
        const unknown = recent.filter((leadId) => !stored.has(leadId))
        const due = await listLeadIdsAtCheckpoints(this.db, clientId, {
          now,
          checkpointsMs: CHECKPOINTS_MS,
          windowMs: RECONCILE_INTERVAL_MS,
        })
        const job = (leadId: string, reason: string): LeadSyncJob => ({ clientId, leadId, reason })
        const unknownSet = new Set(unknown)
        const jobs = [
          ...unknown.map((leadId) => job(leadId, 'reconcile')),
          ...due.filter((leadId) => !unknownSet.has(leadId)).map((leadId) => job(leadId, 'reconcile-stored')),
        ]
        await this.jobs.enqueueMany(leadSyncBulkJob, jobs)
        queued += jobs.length
      } catch (error) {
        failures.push(`${clientId}: ${(error as Error).message}`)
      }
    }
    return { queued, failures }
  }
}
