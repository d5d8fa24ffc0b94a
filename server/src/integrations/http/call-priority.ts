import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * Whether the provider calls under way are bulk work (an import's or a reconcile's lead syncs):
 * the rate limiter then serves every waiting live call (a webhook's sync, a reply) first, so a
 * live message does not queue behind thousands of bulk calls for Yelp's 5 requests a second
 * (docs/decisions/0018 §3). Set by the engine around a bulk job; read by the limiter.
 */
const bulk = new AsyncLocalStorage<true>()

export function runAsBulk<T>(work: () => Promise<T>): Promise<T> {
  return bulk.run(true, work)
}

export function isBulkCall(): boolean {
  return bulk.getStore() === true
}

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
