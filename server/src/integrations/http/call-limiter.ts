/**
 * What ProviderApi needs of a rate limiter: a slot per call, and a pause when the provider says
 * its budget is spent. In process on PGlite (RateLimiter); across processes on PostgreSQL
 * (SharedRateLimiter, over the database).
 */
export interface CallLimiter {
  /** Waits for a slot of `key`; the returned function ends the call (the slot counts from then). */
  acquireSlot(key: string, limit: number, windowMs: number, spacingMs?: number): Promise<() => void>
  pause(key: string, ms: number): void
  /** How long `key` is still held back by a pause (0 when it is not). */
  pausedFor(key: string): number
}

/**
 * A call gave up waiting for a slot of a budget other processes hold back (a pause one of them
 * was told of): the caller's job is rescheduled instead of outliving its expiry in the wait.
 */
export class SlotWaitExceededError extends Error {
  constructor(
    readonly key: string,
    readonly waitedMs: number,
  ) {
    super(`no slot of ${key} freed in ${Math.ceil(waitedMs / 1000)} s`)
    this.name = 'SlotWaitExceededError'
  }
}
