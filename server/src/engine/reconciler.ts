import type { DB } from '../db/database.ts'
import { listYelpConnectedBusinesses } from '../repositories/clients.repository.ts'
import {
  listLeadIdsAtCheckpoints,
  listQuietLeadsInSlot,
  listStoredLeadIdsAmong,
} from '../repositories/leads.repository.ts'
import { leadSyncBulkJob } from './jobs/lead-sync.job.ts'
import type { JobQueue } from './queue/job-queue.ts'
import type { LeadSyncJob } from './queue/queues.ts'
import type { LeadSource } from './sources/lead-source.ts'
import type { LeadSources } from './sources/sources.ts'

/**
 * The source of the businesses reconciled: the connected businesses are Yelp's
 * (listYelpConnectedBusinesses) until locations carry their own source.
 */
const BUSINESS_SOURCE = 'yelp'

// Webhooks can be late or lost (docs/providers/yelp.md §2; docs/providers/simulators.md pitfall
// 5): look back over recent leads.
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
 * Past the last checkpoint a lead is looked at once a day, a slot of them per run: one
 * `GET /v3/leads/{id}` each, whose `last_event_time` says whether anything happened since the
 * stored last event (docs/decisions/0013, "Quiet leads"). Leads quiet for longer than
 * QUIET_LEAD_WINDOW_MS are left to their next webhook.
 */
export const QUIET_LEAD_SLOTS = (24 * 60 * MINUTE) / RECONCILE_INTERVAL_MS
const QUIET_LEAD_WINDOW_MS = 30 * 24 * 60 * MINUTE

/** The rotation slot of the run at `now`: each 15-minute run of a day takes the next one. */
export function quietLeadSlot(now: Date): number {
  return Math.floor(now.getTime() / RECONCILE_INTERVAL_MS) % QUIET_LEAD_SLOTS
}

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
    private readonly sources: Pick<LeadSources, 'get'>,
  ) {}

  async run(now = new Date()): Promise<{ queued: number; failures: string[] }> {
    const source = this.sources.get(BUSINESS_SOURCE)
    // Only a source that lists a business's leads can be reconciled against it.
    const listLeadIds = source.listLeadIds?.bind(source)
    if (!listLeadIds) return { queued: 0, failures: [] }
    const connected = await listYelpConnectedBusinesses(this.db)
    let queued = 0
    const failures: string[] = []
    for (const { clientId, businessId } of connected) {
      try {
        const recent = await listLeadIds(clientId, businessId, {
          createdAfter: new Date(now.getTime() - NEW_LEAD_WINDOW_MS),
        })
        const stored = new Set(await listStoredLeadIdsAmong(this.db, clientId, recent))
        const unknown = recent.filter((leadId) => !stored.has(leadId))
        const due = await listLeadIdsAtCheckpoints(this.db, clientId, {
          source: source.id,
          now,
          checkpointsMs: CHECKPOINTS_MS,
          windowMs: RECONCILE_INTERVAL_MS,
        })
        const job = (leadId: string, reason: string): LeadSyncJob => ({
          clientId,
          source: source.id,
          leadId,
          reason,
        })
        const unknownSet = new Set(unknown)
        const active = await this.quietLeadsWithNews(source, clientId, now, failures)
        const stale = new Set([...due, ...active].filter((leadId) => !unknownSet.has(leadId)))
        const jobs = [
          ...unknown.map((leadId) => job(leadId, 'reconcile')),
          ...[...stale].map((leadId) => job(leadId, 'reconcile-stored')),
        ]
        await this.jobs.enqueueMany(leadSyncBulkJob, jobs)
        queued += jobs.length
      } catch (error) {
        failures.push(`${clientId}: ${(error as Error).message}`)
      }
    }
    return { queued, failures }
  }

  /**
   * This run's slot of the leads quiet past the last checkpoint whose last activity on the source
   * (Yelp's `last_event_time`) is newer than the stored one: a webhook for them was lost. A lead
   * the source cannot answer for now is noted and left for tomorrow's round.
   */
  private async quietLeadsWithNews(
    source: LeadSource,
    clientId: string,
    now: Date,
    failures: string[],
  ): Promise<string[]> {
    const lastCheckpoint = CHECKPOINTS_MS.at(-1) ?? 0
    const quiet = await listQuietLeadsInSlot(this.db, clientId, {
      source: source.id,
      quietSince: new Date(now.getTime() - lastCheckpoint - RECONCILE_INTERVAL_MS),
      activeAfter: new Date(now.getTime() - QUIET_LEAD_WINDOW_MS),
      slot: quietLeadSlot(now),
      slots: QUIET_LEAD_SLOTS,
    })
    const withNews: string[] = []
    for (const { leadId, lastEventTime } of quiet) {
      try {
        const lead = await source.readLead(clientId, leadId)
        const last = lead.lastActivityAt ? Date.parse(lead.lastActivityAt) : Number.NaN
        if (last > lastEventTime.getTime()) withNews.push(leadId)
      } catch (error) {
        failures.push(`${clientId}/${leadId}: ${(error as Error).message}`)
      }
    }
    return withNews
  }
}
