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
