interface Slot {
  /** When the slot was taken, or when its call ended once released. */
  at: number
  /** Taken by a call still under way: it counts until released, whatever its age. */
  isInFlight: boolean
}

interface KeyState {
  slots: Slot[]
  /** When the last slot was taken (for the spacing between calls). */
  lastTakenAt: number
  pausedUntil: number
  /** The previous caller's turn: callers of one key take their slots in arrival order. */
  tail: Promise<void>
  /** Wakes the caller waiting for a slot (a call ended, or a pause changed). */
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
    const turn = state.tail.then(() => this.waitForSlot(state, Math.max(1, limit), windowMs, spacingMs))
    // The next caller waits for this one to have its slot.
    state.tail = turn.then(
      () => {},
      () => {},
    )
    return turn.then((slot) => () => {
      if (!slot.isInFlight) return
      slot.isInFlight = false
      slot.at = Date.now()
      state.wake?.()
    })
  }

  pause(key: string, ms: number): void {
    const state = this.state(key)
    state.pausedUntil = Math.max(state.pausedUntil, Date.now() + Math.max(0, ms))
    state.wake?.()
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
      const pausedMs = Math.max(state.pausedUntil - now, state.lastTakenAt + spacingMs - now)
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
      state = { slots: [], lastTakenAt: 0, pausedUntil: 0, tail: Promise.resolve(), wake: null }
      this.keys.set(key, state)
    }
    return state
  }
}
