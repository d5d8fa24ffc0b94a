/**
 * The simulator's notion of now: real time plus an offset that tests advance to expire codes,
 * tokens and rate-limit windows without sleeping.
 */
export class SimClock {
  private offsetMs = 0

  now(): number {
    return Date.now() + this.offsetMs
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
  }

  reset(): void {
    this.offsetMs = 0
  }
}
