/** Called after the clock moves forward by `ms`, with the new sim time. */
export type ClockListener = (ms: number, now: number) => void

/**
 * The simulator's notion of now: real time plus an offset that tests advance to expire codes,
 * tokens and rate-limit windows without sleeping. Work that waits on sim time (webhook retries,
 * delayed deliveries) subscribes with `onAdvance` so an advance sets it off at once.
 */
export class SimClock {
  private offsetMs = 0
  private frozenAt: number | null = null
  private readonly listeners = new Set<ClockListener>()

  now(): number {
    return (this.frozenAt ?? Date.now()) + this.offsetMs
  }

  /**
   * Stops real time from moving the clock (only `advance` does), so windows measured in sim
   * time — rate limits, expiries — hold however slowly a loaded machine runs the test.
   */
  freeze(): void {
    this.frozenAt = Date.now()
  }

  iso(): string {
    return new Date(this.now()).toISOString()
  }

  /** Seconds since the epoch, as providers write `expires_in`-derived times. */
  nowSeconds(): number {
    return Math.floor(this.now() / 1000)
  }

  advance(ms: number): void {
    this.offsetMs += ms
    const now = this.now()
    // Copied first so a listener may unsubscribe itself while being called.
    for (const listener of [...this.listeners]) listener(ms, now)
  }

  /** Calls `listener` after every `advance` (not on `reset`, which only moves time back). Returns the unsubscribe. */
  onAdvance(listener: ClockListener): () => void {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  reset(): void {
    this.offsetMs = 0
    this.frozenAt = null
  }
}
