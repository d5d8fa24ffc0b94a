import type PgBoss from 'pg-boss'
import {
  DEFAULT_CALL_WAIT_MS,
  runWithCallPriority,
  runWithCallWaitBudget,
} from '../integrations/http/call-priority.ts'
import { clearLeases } from '../repositories/credential-leases.repository.ts'
import { listActiveJobs, markDeadNow, touchActiveJob } from '../repositories/parked-jobs.repository.ts'
import { deferUntil, settleFailure } from './failure/failure-outcome.ts'
import type { RetryState } from './failure/failure-policy.ts'
import { unpark } from './failure/parking.ts'
import { ghlCapHoldsUntil } from './ghl-daily-cap.ts'
import type { JobDefinition, JobDeps } from './jobs/job-definition.ts'
import { createDeclaredQueues, JOBS } from './jobs/job-registry.ts'
import type { IdleWorkers, WorkerSlot } from './queue/idle-workers.ts'
import { withQueueSetupLock } from './queue/queue.ts'
import { JOB_HEARTBEAT_MS, QUEUES } from './queue/queues.ts'
import type { SubscriptionSync } from './yelp-duties/subscription-sync.ts'

export { SUBSCRIPTION_SYNC_CRON } from './jobs/subscription-sync.job.ts'

import { subscriptionSyncOf } from './jobs/subscription-sync.job.ts'

const RETRY_BASE_MS = 2_000
const RETRY_MAX_MS = 15 * 60_000

/** Told when a client connects (or re-connects) a provider. */
export type ConnectionListener = (clientId: string, provider: 'yelp' | 'ghl') => Promise<void>

/** How the engine reschedules a job after a transient provider failure (failure-policy.ts). */
export interface EngineOptions {
  /** First rescheduling delay when the provider named none; doubles per attempt. */
  retryBaseMs?: number
  /** The longest rescheduling delay when the provider named none. */
  retryMaxMs?: number
  /** Instead of each job's own retry horizon: a test plays a day-long outage in seconds. */
  retryHorizonMs?: number
}

/**
 * The forwarding engine's workers on the job queue, one pool per declared job
 * (jobs/job-registry.ts). Every handler is idempotent and runs at-least-once; what becomes of a
 * failure is the failure policy's (failure/failure-policy.ts); a connection that needs
 * re-authorization parks its jobs until the client connects again.
 */
export class Engine {
  constructor(
    private readonly boss: PgBoss,
    private readonly deps: JobDeps,
    private readonly workers: IdleWorkers,
    private readonly options: EngineOptions = {},
    /** The engine adds itself: a new connection resumes the jobs parked for it. */
    connectionListeners: ConnectionListener[] = [],
  ) {
    connectionListeners.push(async (clientId, provider) => {
      await this.unpark(clientId, provider)
    })
  }

  async start(): Promise<void> {
    const isShared = Boolean(this.deps.config.databaseUrl)
    await withQueueSetupLock(this.deps.db, isShared, () => createDeclaredQueues(this.boss))
    await this.retryOrphans()
    for (const job of JOBS) await this.work(job)
  }

  /** The daily subscription check, on demand (a test runs it instead of waiting for its tick). */
  get subscriptionSync(): SubscriptionSync {
    return subscriptionSyncOf(this.deps)
  }

  /** Wakes idle workers of a queue at once instead of at their next poll. */
  wake(queue: string, jobs = 1): void {
    this.workers.wake(queue, jobs)
  }

  /** Re-queues the jobs parked while a client's connection needed re-authorization. */
  unpark(clientId: string, provider: 'yelp' | 'ghl'): Promise<number> {
    return unpark(this.deps, clientId, provider)
  }

  /**
   * On the embedded database only one process can run (the data-folder lock), so a job still
   * active at start was running when the last process died (SIGKILL, power loss): retry it now
   * rather than after its expiry. On PostgreSQL other live processes may own active jobs; there
   * the missing heartbeat expires them (queues.ts JOB_EXPIRE_SECONDS).
   */
  private async retryOrphans(): Promise<void> {
    if (this.deps.config.databaseUrl) return
    // Leases of the dead process too: nobody else can be holding one.
    await clearLeases(this.deps.db)
    const orphans = await listActiveJobs(this.deps.db, Object.values(QUEUES))
    for (const job of orphans) {
      await this.boss.fail(job.name, job.id, {
        message: 'interrupted: the server stopped while this job ran',
      })
    }
    if (orphans.length)
      this.deps.log.warn(`retrying ${orphans.length} job(s) interrupted by the last shutdown`)
  }

  private async work(job: JobDefinition): Promise<void> {
    const slots: WorkerSlot[] = []
    const options = { pollingIntervalSeconds: 2, batchSize: 1, includeMetadata: true as const }
    for (let i = 0; i < job.workers; i++) {
      const slot: WorkerSlot = { id: '', busy: false }
      slot.id = await this.boss.work<object>(job.queue, options, async ([row]) => {
        if (!row) return
        slot.busy = true
        try {
          return await this.runJob(job, row)
        } finally {
          slot.busy = false
          // Fetch the next job at once: pg-boss otherwise sleeps out the polling interval after
          // every job, and a queue of quick jobs (alert deliveries, first replies) ran one job
          // per worker every 2 s however many waited. An empty fetch then sleeps as usual.
          this.boss.notifyWorker(slot.id)
        }
      })
      slots.push(slot)
    }
    this.workers.register(job.queue, slots)
  }

  /** What a finished (or failed) job may have changed on the operators' screens. */
  private announceJob(job: JobDefinition, clientId: string | undefined, leadId: unknown): void {
    const scope = {
      ...(clientId ? { clientId } : {}),
      ...(typeof leadId === 'string' && leadId ? { leadId } : {}),
    }
    if (job.announces === 'none') return
    // A job that talks to a provider: its calls are new API log entries.
    this.deps.changes.announce({ topic: 'logs', ...scope })
    if (job.announces === 'logs') return
    this.deps.changes.announce({ topic: 'messages', ...scope })
    this.deps.changes.announce({ topic: 'leads', ...scope })
  }

  private async runJob(job: JobDefinition, row: PgBoss.JobWithMetadata<object>): Promise<unknown> {
    const { db, log } = this.deps
    // A cron job (the reconcile, the daily syncs) carries no data: pg-boss stores null.
    const data = (row.data ?? {}) as object & { clientId?: unknown; leadId?: unknown; retry?: RetryState }
    const clientId = typeof data.clientId === 'string' ? data.clientId : undefined
    const run = { job, jobId: row.id, data }
    const payload = job.payload.safeParse(data)
    if (!payload.success) {
      // No run can read it: dead at once, shown with the reason.
      await markDeadNow(db, row.id)
      throw new Error(`The data of this ${job.queue} job is not valid: ${payload.error.message}`)
    }
    const heartbeat = setInterval(() => {
      touchActiveJob(db, row.id).catch((error) =>
        log.warn({ err: error, jobId: row.id }, 'job heartbeat failed'),
      )
    }, JOB_HEARTBEAT_MS)
    heartbeat.unref()
    try {
      const capHoldsUntil = job.ghlCapped ? await ghlCapHoldsUntil(db, clientId) : null
      if (capHoldsUntil) return await deferUntil(this.deps, run, capHoldsUntil, 'GHL daily limit reached')
      const ctx = { deps: this.deps, jobId: row.id }
      const handle = () =>
        // A provider's pause is waited out in the limiter only as long as the job's expiry allows.
        runWithCallWaitBudget(callWaitBudgetOf(job), () => job.handle(payload.data, ctx))
      // Its provider calls rank in the rate limiter as the job declares (call-priority.ts).
      const result = await runWithCallPriority(job.calls?.(payload.data) ?? 'live', handle)
      this.announceJob(job, clientId, data.leadId)
      return result
    } catch (error) {
      this.announceJob(job, clientId, data.leadId)
      this.deps.changes.announce({ topic: 'jobs', ...(clientId ? { clientId } : {}) })
      const isLastAttempt = row.retryCount >= row.retryLimit
      return await settleFailure({ ...run, clientId, isLastAttempt, error }, this.deps, {
        backoff: {
          baseMs: this.options.retryBaseMs ?? RETRY_BASE_MS,
          maxMs: this.options.retryMaxMs ?? RETRY_MAX_MS,
        },
        ...(this.options.retryHorizonMs !== undefined ? { horizonMs: this.options.retryHorizonMs } : {}),
      })
    } finally {
      clearInterval(heartbeat)
    }
  }
}

/**
 * How long a job's calls may wait for a provider's pause: half the expiry of a job that goes
 * through a whole client (its expiry fits hours of calls), a moment for the others.
 */
function callWaitBudgetOf(job: JobDefinition): number {
  const expireMs = (job.options.expireInSeconds ?? 0) * 1000
  return expireMs >= 10 * 60_000 ? expireMs / 2 : DEFAULT_CALL_WAIT_MS
}
