import { PermanentProviderError, TransientProviderError } from '../../integrations/http/provider-errors.ts'
import { NeedsReauthError, NotConnectedError } from '../../integrations/oauth/token-manager.ts'

/**
 * Carried in the data of a job the engine put back: when its transient failures began, how many
 * there were, and how long it then waited for someone else (parked for a re-authorization,
 * deferred for a spent daily cap), which its retry horizon does not count.
 */
export interface RetryState {
  since: string
  attempt: number
  pausedMs?: number
}

/** What the engine knows when a job failed, gathered before deciding (failure-facts.ts). */
export interface FailureFacts {
  now: Date
  /** The job's client was deleted while it ran: its writes were refused, nothing to retry. */
  clientDeleted: boolean
  /** A Yelp 404 came from a token that lost the business, not from a missing lead. */
  yelpAccessLost: boolean
  /** The job spent its GHL location's daily cap, which resets then. */
  dailyCapResetAt: Date | null
  /** The job's retry horizon (job-definition.ts); none: pg-boss's own retries end it. */
  horizonMs: number | undefined
  retry: RetryState | undefined
  /** pg-boss will not retry this run's failure (its retry limit is reached). */
  isLastAttempt: boolean
  backoff: { baseMs: number; maxMs: number }
  /** In [0, 1): the jitter of a rescheduling delay. */
  random: number
}

export type FailureDecision =
  | { kind: 'drop'; reason: string }
  | { kind: 'park'; provider: 'yelp' | 'ghl'; reason: string }
  | { kind: 'defer'; until: Date; reason: string }
  | { kind: 'reschedule'; at: Date; retry: RetryState; reason: string }
  | { kind: 'retry'; reason: string }
  | { kind: 'dead'; reason: string }

/**
 * What becomes of a failed job (docs/decisions/0016-jobs-as-declarations.md):
 * - its client is gone: `drop` (completed, nothing to do);
 * - the connection needs re-authorization, or a Yelp token lost the business: `park` until the
 *   owner connects again;
 * - GHL's daily cap is spent: `defer` to the reset, not a failed attempt;
 * - a provider's transient failure (429, 5xx, timeout): `reschedule` when the provider said, else
 *   after a capped, jittered exponential backoff, until the job's horizon, then `dead`; a job
 *   without a horizon is left to pg-boss's own retries (`retry`);
 * - a provider's refusal or a missing connection: `dead` now, shown until an operator retries it;
 * - anything else: pg-boss's own retries, `dead` on its last attempt.
 */
export function classifyFailure(error: unknown, facts: FailureFacts): FailureDecision {
  const reason = error instanceof Error ? error.message : String(error)
  if (facts.clientDeleted) return { kind: 'drop', reason: 'client deleted' }
  if (error instanceof NeedsReauthError) return { kind: 'park', provider: error.provider, reason }
  if (facts.yelpAccessLost) return { kind: 'park', provider: 'yelp', reason }
  if (facts.dailyCapResetAt) return { kind: 'defer', until: facts.dailyCapResetAt, reason }
  if (error instanceof TransientProviderError && facts.horizonMs !== undefined) {
    return rescheduleWithin(facts.horizonMs, error, facts, reason)
  }
  if (error instanceof PermanentProviderError || error instanceof NotConnectedError) {
    return { kind: 'dead', reason }
  }
  return facts.isLastAttempt ? { kind: 'dead', reason } : { kind: 'retry', reason }
}

function rescheduleWithin(
  horizonMs: number,
  error: TransientProviderError,
  facts: FailureFacts,
  reason: string,
): FailureDecision {
  const now = facts.now.getTime()
  const since = facts.retry?.since ?? facts.now.toISOString()
  const pausedMs = facts.retry?.pausedMs ?? 0
  if (now - Date.parse(since) - pausedMs > horizonMs) {
    return { kind: 'dead', reason: `still failing after the retry horizon: ${reason}` }
  }
  const attempt = (facts.retry?.attempt ?? 0) + 1
  const backoffMs = Math.min(facts.backoff.maxMs, facts.backoff.baseMs * 2 ** (attempt - 1))
  // Full jitter over the upper half, so an outage's jobs do not all come back at once.
  const delayMs = error.retryAfterMs ?? Math.ceil(backoffMs / 2 + (facts.random * backoffMs) / 2)
  return {
    kind: 'reschedule',
    at: new Date(now + delayMs),
    retry: { since, attempt, ...(pausedMs ? { pausedMs } : {}) },
    reason,
  }
}

/** The retry state of a job put back now for `pausedMs` (deferred) or after a pause (parked). */
export function withPause(retry: RetryState | undefined, pausedMs: number): RetryState | undefined {
  if (!retry) return undefined
  return { ...retry, pausedMs: (retry.pausedMs ?? 0) + Math.max(0, pausedMs) }
}
