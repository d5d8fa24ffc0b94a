import type PgBoss from 'pg-boss'

/** One pg-boss worker of this process; busy while it runs a job. */
export interface WorkerSlot {
  id: string
  busy: boolean
}

// How many of a queue's idle workers one window may wake. A burst after a quiet spell (Yelp
// catching up after an outage: one new sync per lead) woke all sixteen lead-sync workers in the
// same few milliseconds, and their first statements, side by side with the webhooks being
// acknowledged, took the two cores: the burst's first 100 ms were answered in 60–110 ms where
// the rest took 4 (bench/RESULTS.md, "The burst's first 100 ms"). Four at a time, the next four
// a window later, all sixteen are at work within 400 ms.
export const WAKES_PER_WINDOW = 4
export const WAKE_WINDOW_MS = 100

interface WakeWindow {
  startedAt: number
  woken: number
  /** Wakes this window's budget held back, for the next window to make. */
  owed: number
  timer?: NodeJS.Timeout
}

/**
 * This process's workers per queue, so an enqueue can wake an idle one at once instead of at
 * its next poll: one per new job, since every woken worker runs a fetch (at 20 webhooks a
 * second, waking all sixteen lead-sync workers for each was most of the hub's CPU on PGlite),
 * and at most WAKES_PER_WINDOW per window: the rest are woken as the next windows open. A worker
 * that finishes a job fetches the next at once anyway (engine.ts), so a long queue is never
 * left to the polling interval.
 */
export class IdleWorkers {
  private readonly slots = new Map<string, WorkerSlot[]>()
  private readonly windows = new Map<string, WakeWindow>()

  constructor(
    private readonly boss: Pick<PgBoss, 'notifyWorker'>,
    private readonly now: () => number = Date.now,
  ) {}

  register(queue: string, slots: WorkerSlot[]): void {
    this.slots.set(queue, slots)
  }

  wake(queue: string, jobs = 1): void {
    const window = this.windowOf(queue)
    const wanted = jobs + window.owed
    const allowed = Math.min(wanted, WAKES_PER_WINDOW - window.woken)
    window.woken += this.notifyIdle(queue, allowed)
    // What the budget held back is owed to the next window, up to one wake per worker: jobs with
    // no idle worker to take them are fetched by the busy ones as they finish.
    window.owed = Math.min(wanted - allowed, this.slots.get(queue)?.length ?? 0)
    if (window.owed === 0 || window.timer) return
    const untilNext = Math.max(1, window.startedAt + WAKE_WINDOW_MS - this.now() + 1)
    window.timer = setTimeout(() => this.payOwed(queue), untilNext)
    window.timer.unref?.()
  }

  /** The queue's current window, or a new one carrying what the last one still owed. */
  private windowOf(queue: string): WakeWindow {
    const now = this.now()
    const current = this.windows.get(queue)
    if (current && now - current.startedAt < WAKE_WINDOW_MS) return current
    if (current?.timer) clearTimeout(current.timer)
    const next: WakeWindow = { startedAt: now, woken: 0, owed: current?.owed ?? 0 }
    this.windows.set(queue, next)
    return next
  }

  private payOwed(queue: string): void {
    const window = this.windows.get(queue)
    if (!window) return
    window.timer = undefined
    // The window has run out by now: wake() opens the next, which takes what is owed.
    if (window.owed > 0) this.wake(queue, 0)
  }

  private notifyIdle(queue: string, count: number): number {
    let woken = 0
    for (const worker of this.slots.get(queue) ?? []) {
      if (woken >= count) break
      if (worker.busy) continue
      this.boss.notifyWorker(worker.id)
      woken += 1
    }
    return woken
  }
}
