import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * How the provider calls under way rank in the rate limiter, which serves every waiting call of a
 * higher rank first, each rank in arrival order:
 * - `urgent`: a person is waiting on it (a reply, a lead's first reply). A burst of webhooks
 *   queues one lead sync per lead; without this, the first reply of a lead synced early waits
 *   behind the reads of every lead synced after it (bench/RESULTS.md, "First replies at full size").
 * - `live`: a webhook's lead sync, anything a job does by default.
 * - `bulk`: an import's or a reconcile's thousands of syncs (docs/decisions/0018 §3).
 * Set by the engine around a job from its declaration; read by the limiter.
 */
export type CallPriority = 'bulk' | 'live' | 'urgent'

const RANK: Record<CallPriority, number> = { bulk: 0, live: 1, urgent: 2 }
const priority = new AsyncLocalStorage<CallPriority>()

export function runWithCallPriority<T>(level: CallPriority, work: () => Promise<T>): Promise<T> {
  return priority.run(level, work)
}

export function runAsBulk<T>(work: () => Promise<T>): Promise<T> {
  return runWithCallPriority('bulk', work)
}

/** The rank of the calls under way: higher goes first. */
export function callRank(): number {
  return RANK[priority.getStore() ?? 'live']
}

/** The rank of bulk calls, which are spaced from every call; the others only from their peers. */
export const BULK_RANK = RANK.bulk

/** How long a call may wait in the limiter for a provider's pause when its job said nothing. */
export const DEFAULT_CALL_WAIT_MS = 2_000
const waitBudget = new AsyncLocalStorage<number>()

/**
 * Runs `work` with calls allowed to wait `ms` in the limiter for a provider's pause before they
 * give the wait back to their job instead (provider-api.ts). A job long enough to go through a
 * whole client (a contact sync, an import) waits a pause out; a short one is rescheduled, so it
 * never outlives its expiry in the limiter. Set by the engine from the job's expiry.
 */
export function runWithCallWaitBudget<T>(ms: number, work: () => Promise<T>): Promise<T> {
  return waitBudget.run(ms, work)
}

export function callWaitBudgetMs(): number {
  return waitBudget.getStore() ?? DEFAULT_CALL_WAIT_MS
}
