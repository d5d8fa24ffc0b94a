import { type CallLimiter, SlotWaitExceededError } from './call-limiter.ts'
import { callWaitBudgetMs } from './call-priority.ts'
import type { BudgetTicket, SharedRateBudget } from './rate-budget.port.ts'
import type { RateLimiter } from './rate-limiter.ts'

/**
 * The longest a slot stays held by a call under way: past the provider timeout (15 s,
 * provider-http.ts), so only a process that died mid-call leaves a slot held that long.
 */
const HOLD_MS = 60_000
/** The shortest wait before asking the shared budget again (the database is not a spin lock). */
const MIN_POLL_MS = 10

/**
 * One provider limit across every process on one database (docs/decisions/0015): N processes
 * together send Yelp 5 a second, not 5N. Each call first takes a slot of this process's own
 * limiter — which keeps live calls ahead of bulk ones and spaces them (call-priority.ts,
 * rate-limiter.ts), and keeps this process's waiters off the database — then a slot of the
 * shared budget, waiting until the oldest one frees when the other processes used them.
 */
export class SharedRateLimiter implements CallLimiter {
  private readonly windows = new Map<string, number>()

  constructor(
    private readonly local: RateLimiter,
    private readonly budget: SharedRateBudget,
  ) {}

  async acquireSlot(key: string, limit: number, windowMs: number, spacingMs = 0): Promise<() => void> {
    this.windows.set(key, windowMs)
    const releaseLocal = await this.local.acquireSlot(key, limit, windowMs, spacingMs)
    // A full window is the most that other processes' calls alone make this one wait; beyond it
    // the key is paused, which the job waits out only as long as its expiry allows (as it does a
    // pause this process was told of, provider-api.ts).
    const giveUpAt = Date.now() + windowMs + callWaitBudgetMs()
    let ticket: BudgetTicket
    try {
      ticket = await this.claim(key, Math.max(1, limit), windowMs, giveUpAt)
    } catch (error) {
      releaseLocal()
      throw error
    }
    return () => {
      releaseLocal()
      // Not awaited by the caller: a release that fails leaves the slot held until HOLD_MS ends.
      this.budget.release(ticket).catch(() => {})
    }
  }

  /** The pause this process knows of (another process's 429 reaches it through the budget's waits). */
  pausedFor(key: string): number {
    return this.local.pausedFor(key)
  }

  pause(key: string, ms: number): void {
    this.local.pause(key, ms)
    const windowMs = this.windows.get(key)
    if (windowMs !== undefined) this.budget.pause(key, ms, windowMs).catch(() => {})
  }

  private async claim(key: string, limit: number, windowMs: number, giveUpAt: number): Promise<BudgetTicket> {
    const started = Date.now()
    for (;;) {
      const answer = await this.budget.claim(key, limit, windowMs, HOLD_MS)
      if ('slot' in answer) return answer
      const waitMs = Math.min(windowMs, Math.max(MIN_POLL_MS, answer.waitMs))
      if (Date.now() + waitMs > giveUpAt) throw new SlotWaitExceededError(key, Date.now() - started)
      await sleep(waitMs)
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
