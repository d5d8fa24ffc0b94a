import { AsyncLocalStorage } from 'node:async_hooks'

const urgency = new AsyncLocalStorage<true>()

/**
 * Marks database work that a caller is waiting on (an HTTP answer to a provider's webhook): on
 * the embedded database, whose one connection is shared with the job workers, it goes before
 * background statements that are waiting their turn (pglite-turns.ts). PostgreSQL's pool has no
 * such queue, and there it changes nothing.
 */
export function urgently<T>(work: () => Promise<T>): Promise<T> {
  return urgency.run(true, work)
}

export function isUrgent(): boolean {
  return urgency.getStore() === true
}
