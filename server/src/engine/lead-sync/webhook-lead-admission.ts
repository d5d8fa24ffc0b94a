import type { DB } from '../../db/database.ts'
import type { Statement } from '../../db/positional-sql.ts'
import type { BoundedSet } from '../../lib/bounded-set.ts'
import { findUnknownLeadSyncs } from '../../repositories/unknown-lead-syncs.repository.ts'
import { leadSyncJob } from '../jobs/lead-sync.job.ts'
import type { JobQueue } from '../queue/job-queue.ts'
import { type LeadSyncJob, leadSyncKey, PRIORITY, QUEUES, UNKNOWN_LEAD_OVERFLOW } from '../queue/queues.ts'

/**
 * How many syncs of leads the hub has not stored yet one client's business may have waiting on the
 * live queue. A new lead is one of them, and its first reply is the most urgent work the hub does,
 * so the first ones go live; past this, a flood of made-up lead ids (a delivery carries up to 100,
 * and without a webhook secret anyone can post one) would hold the live workers and the Yelp rate
 * limit that every other client's webhooks share (docs/decisions/0026).
 */
export const UNKNOWN_LEADS_LIVE_CAP = 20

/** How many stored leads one process remembers (about 100 bytes each), sparing their lookup. */
export const REMEMBERED_STORED_LEADS = 20_000

/**
 * Queues a webhook batch's lead syncs with the batch's own write: `write` gets their insert as
 * SQL and runs it in the statement that stores the batch (JobQueue.enqueueManyAlong), so the
 * syncs exist if and only if the log rows do. A sync of a stored lead, or of a lead whose sync
 * already waits at live priority, goes live; so do a business's not-yet-stored leads up to the
 * cap. The rest are queued as overflow: on the same queue and workers, fetched only when no live
 * sync waits, their Yelp calls ranked behind live ones, but still synced: nothing a delivery
 * names is lost. One query for the whole batch, whatever its number of leads, and none when every
 * lead is one `storedLeads` remembers: most deliveries are messages on leads the hub has, and
 * the query's round trip was a tenth of an acknowledgement (bench/RESULTS.md). A remembered lead
 * deleted since only goes live when it would have been capped: no loss. The query runs just
 * before the write, not with it: under READ COMMITTED each statement reads its own snapshot
 * either way, and the cap is a bound on a flood, not an exact count.
 */
export async function enqueueWebhookSyncs<R>(
  db: DB,
  jobs: JobQueue,
  syncs: readonly LeadSyncJob[],
  storedLeads: BoundedSet<string>,
  write: (insertSyncs: Statement | null) => Promise<R>,
): Promise<R> {
  const admitted = syncs.length === 0 ? [] : await admit(db, syncs, storedLeads)
  // One insert: the overflow's reason gives it its lower priority (lead-sync.job.ts).
  return jobs.enqueueManyAlong(leadSyncJob, admitted, write)
}

/** The batch's syncs as they are to be queued: live first, then the overflow with its reason. */
async function admit(
  db: DB,
  syncs: readonly LeadSyncJob[],
  storedLeads: BoundedSet<string>,
): Promise<LeadSyncJob[]> {
  const live: LeadSyncJob[] = []
  const unremembered: LeadSyncJob[] = []
  for (const sync of syncs) (storedLeads.has(leadSyncKey(sync)) ? live : unremembered).push(sync)
  const { stored, queuedUnknown } = await findUnknownLeadSyncs(
    db,
    unremembered,
    QUEUES.leadSync,
    PRIORITY.live,
  )
  for (const key of stored) storedLeads.add(key)
  const overflow: LeadSyncJob[] = []
  for (const sync of unremembered) {
    if (stored.has(leadSyncKey(sync))) {
      live.push(sync)
      continue
    }
    const waiting = queuedUnknown.get(sync.clientId) ?? new Set<string>()
    queuedUnknown.set(sync.clientId, waiting)
    // A lead already waiting live costs nothing more: the queue keeps one sync per lead.
    if (waiting.has(sync.leadId) || waiting.size < UNKNOWN_LEADS_LIVE_CAP) {
      waiting.add(sync.leadId)
      live.push(sync)
    } else overflow.push({ ...sync, reason: UNKNOWN_LEAD_OVERFLOW })
  }
  return [...live, ...overflow]
}
