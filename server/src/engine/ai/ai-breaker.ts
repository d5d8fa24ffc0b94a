/**
 * A circuit breaker in front of the model (docs/spec/product.md §9.6): after `failures` calls in a
 * row that timed out or failed, the model is not asked for `openMs` (an automatic first reply
 * falls back to its template at once instead of waiting out each timeout); then one call is let
 * through (half-open): its success closes the breaker, its failure opens it again.
 *
 * Per process, in memory: a restart starts it closed, which costs at most `failures` more
 * timeouts before it opens again; two processes each learn on their own calls.
 */
export class AiBreaker {
  private consecutiveFailures = 0
  private openedAt: number | null = null
  private trialInFlight = false

  constructor(
    private readonly options: { failures: number; openMs: number; clock: () => Date } = {
      failures: 3,
      openMs: 60_000,
      clock: () => new Date(),
    },
  ) {}

  /** Whether the model is being left alone now (no call would be let through). */
  isOpen(): boolean {
    if (this.openedAt === null) return false
    return !this.coolDownOver() || this.trialInFlight
  }

  /** Takes the right to call the model now; false while open (or its half-open trial is out). */
  tryAcquire(): boolean {
    if (this.openedAt === null) return true
    if (!this.coolDownOver() || this.trialInFlight) return false
    this.trialInFlight = true
    return true
  }

  /** The model answered: the breaker closes. */
  succeeded(): void {
    this.consecutiveFailures = 0
    this.openedAt = null
    this.trialInFlight = false
  }

  /** The model timed out or failed. */
  failed(): void {
    this.consecutiveFailures += 1
    if (this.trialInFlight || this.consecutiveFailures >= this.options.failures) {
      this.openedAt = this.options.clock().getTime()
    }
    this.trialInFlight = false
  }

  private coolDownOver(): boolean {
    return this.openedAt !== null && this.options.clock().getTime() - this.openedAt >= this.options.openMs
  }
}
