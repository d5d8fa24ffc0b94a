import { markDeadNow, parkJob } from '../../repositories/parked-jobs.repository.ts'
import type { JobDefinition, JobDeps } from '../jobs/job-definition.ts'
import { connectionNeedsReauth, gatherFailureFacts } from './failure-facts.ts'
import { classifyFailure, type FailureFacts, type RetryState, withPause } from './failure-policy.ts'
import { unpark } from './parking.ts'

/** One failed run: its declaration, its pg-boss row and what it threw. */
export interface FailedRun {
  job: JobDefinition
  jobId: string
  /** The job's data as stored (with the engine's retry state). */
  data: object & { retry?: RetryState }
  clientId: string | undefined
  isLastAttempt: boolean
  error: unknown
}

export interface RetryTuning {
  backoff: FailureFacts['backoff']
  /** Instead of every job's own horizon (tests play a day-long outage in seconds). */
  horizonMs?: number
}

/**
 * Carries out the failure policy's decision for a failed run: the job's output when it ends
 * here (dropped, parked, put back), else the error rethrown for pg-boss (retried, or dead).
 */
export async function settleFailure(run: FailedRun, deps: JobDeps, tuning: RetryTuning): Promise<unknown> {
  const { job, jobId, data, clientId, error } = run
  const queue = job.queue
  const now = deps.clock()
  const facts = await gatherFailureFacts(deps, clientId, error, {
    now,
    horizonMs: job.horizonMs === undefined ? undefined : (tuning.horizonMs ?? job.horizonMs),
    retry: data.retry,
    isLastAttempt: run.isLastAttempt,
    backoff: tuning.backoff,
    random: Math.random(),
  })
  const decision = classifyFailure(error, facts)
  switch (decision.kind) {
    case 'drop':
      // Deleted while this job ran: its writes were refused (the rows' foreign keys).
      deps.log.info({ queue, jobId, clientId }, 'job dropped: its client was deleted')
      return { skipped: decision.reason }
    case 'park': {
      if (!clientId) break
      await parkJob(deps.db, { clientId, provider: decision.provider, queue, data, reason: decision.reason })
      deps.log.warn({ queue, jobId, clientId }, `parked: ${decision.reason}`)
      // The owner may have reconnected while this job ran: its unpark came too early for us.
      if (!(await connectionNeedsReauth(deps, clientId, decision.provider)))
        await unpark(deps, clientId, decision.provider)
      return { parked: decision.reason }
    }
    case 'defer':
      return deferUntil(deps, run, decision.until, decision.reason)
    case 'reschedule': {
      await deps.jobs.enqueue(job, { ...data, retry: decision.retry }, { startAfter: decision.at })
      const seconds = Math.round((decision.at.getTime() - now.getTime()) / 1000)
      const message = `again in ${seconds} s (attempt ${decision.retry.attempt}): ${decision.reason}`
      deps.log.warn({ queue, jobId }, `rescheduled ${message}`)
      return { rescheduled: message }
    }
    case 'dead':
      // Retrying cannot help: dead now, with its error shown, until an operator retries it.
      await markDeadNow(deps.db, jobId)
      await recordDeath(run, decision.reason, deps)
      break
    case 'retry':
      break
  }
  deps.log.warn({ queue, jobId, clientId, err: error }, `job failed: ${(error as Error).message}`)
  throw error
}

/**
 * Puts the job back, as it is, for `at` (a GHL location's daily reset): not a failed attempt, the
 * wait not counted against its retry horizon, and no worker waits for it meanwhile.
 */
export async function deferUntil(
  deps: JobDeps,
  run: Pick<FailedRun, 'job' | 'jobId' | 'data'>,
  at: Date,
  reason: string,
): Promise<{ parked: string }> {
  const retry = withPause(run.data.retry, at.getTime() - deps.clock().getTime())
  await deps.jobs.enqueue(run.job, retry ? { ...run.data, retry } : run.data, { startAfter: at })
  const message = `waiting until ${at.toISOString()}: ${reason}`
  deps.log.warn({ queue: run.job.queue, jobId: run.jobId }, `parked ${message}`)
  return { parked: message }
}

/** The job's own last word (a reply marked `error`); its failure must not hide the job's. */
async function recordDeath(run: FailedRun, reason: string, deps: JobDeps): Promise<void> {
  if (!run.job.onDead) return
  const payload = run.job.payload.safeParse(run.data)
  if (!payload.success) return
  try {
    await run.job.onDead(payload.data, reason, { deps, jobId: run.jobId })
  } catch (error) {
    deps.log.warn({ queue: run.job.queue, jobId: run.jobId, err: error }, 'recording a dead job failed')
  }
}
