import { BULK_RANK, callRank } from './call-priority.ts'

interface Slot {
  /** When the slot was taken, or when its call ended once released. */
  at: number
  /** Taken by a call still under way: it counts until released, whatever its age. */
  isInFlight: boolean
}

interface Waiter {
  /** call-priority.ts: a higher rank is served first. */
  rank: number
  grant: (slot: Slot) => void
}

interface KeyState {
  slots: Slot[]
  /** When the last slot was taken (for the spacing between calls). */
  lastTakenAt: number
  /**
   * When the last slot of a call above bulk was taken: such a call is spaced from those only, not
   * from the bulk calls that keep the key busy.
   */
  lastLiveTakenAt: number
  pausedUntil: number
  /**
   * Callers waiting for a slot: the highest rank first (call-priority.ts), each rank in arrival
   * order, by one loop per key (`isServing`).
   */
  waiting: Waiter[]
  isServing: boolean
  /** Wakes the loop waiting for a slot (a call ended, or a pause changed). */
  wake: (() => void) | null
}

/**
 * Client-side rate limits, in process: at most `limit` calls per key in any `windowMs` (a sliding
 * window). `acquire` waits until a slot frees instead of failing, so a burst is spread out rather
 * than answered with the provider's 429. `pause` holds a key back when the provider says its
 * budget is spent (a 429, or GHL's `X-RateLimit-Remaining: 0`, docs/providers/ghl.md §10).
 */
export class RateLimiter {
  private readonly keys = new Map<string, KeyState>()

  /** Waits for a slot; the slot counts from now for `windowMs`. */
  async acquire(key: string, limit: number, windowMs: number, spacingMs = 0): Promise<void> {
    const release = await this.acquireSlot(key, limit, windowMs, spacingMs)
    release()
  }

  /**
   * Waits for a slot that counts until `release()` is called and `windowMs` after that. The
   * provider counts a request when it *arrives*, which can be later than when it was sent (a busy
   * event loop, a slow connect); counting from the end of the call is never earlier than that.
   *
   * `spacingMs` keeps successive calls of a key at least that far apart. Without it, callers
   * that queued for a full window all start together when it slides: a burst of work for the
   * rest of the process (on PGlite's one connection, every sync's writes at once) each window.
   */
  acquireSlot(key: string, limit: number, windowMs: number, spacingMs = 0): Promise<() => void> {
    const state = this.state(key)
    const rank = callRank()
    const turn = new Promise<Slot>((grant) => state.waiting.push({ rank, grant }))
    // A caller above bulk may not need to wait out the spacing the loop is sleeping on: let it look again.
    if (rank > BULK_RANK) state.wake?.()
    void this.serve(state, Math.max(1, limit), windowMs, spacingMs)
    return turn.then((slot) => () => {
      if (!slot.isInFlight) return
      slot.isInFlight = false
      slot.at = Date.now()
      state.wake?.()
    })
  }

  pausedFor(key: string): number {
    return Math.max(0, (this.keys.get(key)?.pausedUntil ?? 0) - Date.now())
  }

  pause(key: string, ms: number): void {
    const state = this.state(key)
    state.pausedUntil = Math.max(state.pausedUntil, Date.now() + Math.max(0, ms))
    state.wake?.()
  }

  /** Hands out slots to the waiting callers, the highest rank first, while any wait. */
  private async serve(state: KeyState, limit: number, windowMs: number, spacingMs: number): Promise<void> {
    if (state.isServing) return
    state.isServing = true
    try {
      while (state.waiting.length) {
        const slot = await this.waitForSlot(state, limit, windowMs, spacingMs)
        const [next] = state.waiting.splice(firstOfHighestRank(state.waiting), 1)
        if (next && next.rank > BULK_RANK) state.lastLiveTakenAt = slot.at
        next?.grant(slot)
      }
    } finally {
      state.isServing = false
    }
  }

  private async waitForSlot(
    state: KeyState,
    limit: number,
    windowMs: number,
    spacingMs: number,
  ): Promise<Slot> {
    for (;;) {
      const now = Date.now()
      state.slots = state.slots.filter((s) => s.isInFlight || s.at > now - windowMs)
      // A call above bulk (call-priority.ts) is spaced from the previous such call only, not from
      // the bulk calls that keep the key busy: it takes a free slot of the window at once, and the
      // window alone keeps the provider's limit.
      const since = state.waiting.some((w) => w.rank > BULK_RANK) ? state.lastLiveTakenAt : state.lastTakenAt
      const pausedMs = Math.max(state.pausedUntil - now, since + spacingMs - now)
      if (pausedMs <= 0 && state.slots.length < limit) {
        const slot: Slot = { at: now, isInFlight: true }
        state.slots.push(slot)
        state.lastTakenAt = now
        return slot
      }
      let waitMs = pausedMs
      if (waitMs <= 0) {
        // The slots that must expire before one is free; in-flight ones expire only once released.
        const mustExpire = state.slots.length - limit + 1
        const ended = state.slots
          .filter((s) => !s.isInFlight)
          .map((s) => s.at)
          .sort((a, b) => a - b)
        const freeAt = ended[mustExpire - 1]
        waitMs = freeAt === undefined ? Number.POSITIVE_INFINITY : freeAt + windowMs - now + 1
      }
      await this.sleep(state, waitMs)
    }
  }

  /** Until `ms` pass or the key's state changes, whichever is first. */
  private sleep(state: KeyState, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = Number.isFinite(ms) ? setTimeout(done, ms) : undefined
      function done() {
        if (timer) clearTimeout(timer)
        state.wake = null
        resolve()
      }
      state.wake = done
    })
  }

  private state(key: string): KeyState {
    let state = this.keys.get(key)
    if (!state) {
      state = {
        slots: [],
        lastTakenAt: 0,
        lastLiveTakenAt: 0,
        pausedUntil: 0,
        waiting: [],
        isServing: false,
        wake: null,
      }
      this.keys.set(key, state)
    }
    return state
  }
}

/** The waiter to serve next: the first of the highest rank waiting (the list is in arrival order). */
function firstOfHighestRank(waiting: Waiter[]): number {
  let best = 0
  for (let i = 1; i < waiting.length; i += 1) {
    if ((waiting[i]?.rank ?? 0) > (waiting[best]?.rank ?? 0)) best = i
  }
  return best
}
