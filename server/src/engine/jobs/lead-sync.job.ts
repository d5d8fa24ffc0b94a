import { QUEUES } from '@common/queues.ts'
import { z } from 'zod'
import { LeadEventRecorder } from '../lead-events/lead-event-recorder.ts'
import { decideEcho } from '../lead-sync/echo-deferral.ts'
import { LeadSyncHandler } from '../lead-sync/lead-sync.handler.ts'
import { withLeadLease } from '../queue/lead-lease.ts'
import {
  DAY_HORIZON_MS,
  ECHO_SYNC,
  isBulkSync,
  isOverflowSync,
  type LeadSyncJob,
  leadSyncKey,
  leadSyncSlot,
  PRIORITY,
  STANDARD_RETRIES,
} from '../queue/queues.ts'
import { defineJob, type JobDefinition, type JobDeps } from './job-definition.ts'

/** When a lead's sync finds another one running, it runs again this many ms later. */
const LEAD_BUSY_RETRY_MS = 3_000

const payload: z.ZodType<LeadSyncJob> = z.looseObject({
  clientId: z.string(),
  leadId: z.string(),
  reason: z.string(),
  eventId: z.string().optional(),
  source: z.string().optional(),
})

/** The sync of one lead, as every job that syncs a lead builds it. */
export function leadSyncHandler(deps: JobDeps): LeadSyncHandler {
  return new LeadSyncHandler(deps.db, deps.sources, deps.providers.ghl, new LeadEventRecorder(deps))
}

/**
 * One sync of a lead at a time. When another is running, this job is put back for a few seconds
 * later (it may carry an event the running one read too early) and its worker moves on.
 */
async function syncLead(job: LeadSyncJob, deps: JobDeps, queued: { queue: string; jobId: string }) {
  // The webhook of a reply the hub posted only stores that event: bulk work (echo-deferral.ts).
  const echo = await decideEcho(deps.db, job, deps.clock(), queued)
  if (echo.kind === 'bulk') {
    await deps.jobs.enqueue(leadSyncBulkJob, { ...job, reason: ECHO_SYNC })
    return { deferred: `event ${job.eventId} is the echo of a reply the hub sent: stored as bulk work` }
  }
  if (echo.kind === 'wait') {
    await deps.jobs.enqueue(leadSyncJob, { ...job, echoWaited: true }, { startAfter: echo.startAfter })
    return { deferred: `a reply to lead ${job.leadId} has not read its event back yet` }
  }
  const outcome = await withLeadLease(deps.db, leadSyncKey(job), (signal) =>
    leadSyncHandler(deps).run(job, signal),
  )
  if (outcome.ran) return outcome.result
  await deps.jobs.enqueue(leadSyncJobFor(job), job, {
    startAfter: new Date(deps.clock().getTime() + LEAD_BUSY_RETRY_MS),
  })
  return { deferred: `another sync of lead ${job.leadId} is running` }
}

// `short`: one queued sync per lead (a second webhook finds it waiting and adds nothing; the sync
// reads every event). One *running* per lead is a lease (lead-lease.ts), not `stately`. Workers:
// lead syncs are I/O-bound, so several run side by side; provider rate limits are enforced
// underneath. A sync whose GHL location has used its 100 calls in 10 s waits in the limiter,
// holding its worker: enough workers keep the other locations moving (bench/RESULTS.md, "drain").

/**
 * Read a lead and its messages from its source, mirror it into GHL: a webhook's sync. One past its business's
 * cap on unknown leads (webhook-lead-admission.ts) waits behind the others and its calls rank as
 * bulk, but it runs on these workers: a burst of real new leads on one business is synced as fast
 * as Yelp allows (the two bulk workers made 2,000 new leads over 10 businesses wait for minutes).
 */
export const leadSyncJob = defineJob({
  queue: QUEUES.leadSync,
  payload,
  workers: 16,
  options: { ...STANDARD_RETRIES, policy: 'short' },
  horizonMs: DAY_HORIZON_MS,
  // A sync put back after a failure waits under a key of its own (queues.ts leadSyncSlot).
  singletonKey: (job) => leadSyncSlot(job),
  priority: (job) => (isOverflowSync(job) ? PRIORITY.overflow : PRIORITY.live),
  calls: (job) => (isOverflowSync(job) ? 'bulk' : 'live'),
  ghlCapped: true,
  handle: (job, { deps, jobId }) => syncLead(job, deps, { queue: QUEUES.leadSync, jobId }),
})

/**
 * The same sync queued by an import or a reconcile: few workers, so their thousands of syncs
 * never hold every worker (nor queue more than a few calls in the Yelp limiter) while webhooks
 * wait, and its provider calls go behind the live ones.
 */
export const leadSyncBulkJob = defineJob({
  ...leadSyncJob,
  queue: QUEUES.leadSyncBulk,
  workers: 2,
  priority: () => PRIORITY.bulk,
  calls: () => 'bulk',
  handle: (job, { deps, jobId }) => syncLead(job, deps, { queue: QUEUES.leadSyncBulk, jobId }),
})

/** The queue a lead sync goes to: bulk work has its own. */
export function leadSyncJobFor(job: Pick<LeadSyncJob, 'reason'>): JobDefinition<LeadSyncJob> {
  return isBulkSync(job) ? leadSyncBulkJob : leadSyncJob
}
