/**
 * docs/providers/yelp.md §1/§3: 5 requests per second per client per endpoint, no rate-limit headers.
 * A sliding one-second window on the sim clock, so advancing the clock empties it.
 */
export class YelpRateLimiter {
  private hits = new Map<string, number[]>()

  constructor(private readonly perSecond: () => number) {}

  /** Records the request and says whether it is within the limit; refused requests do not count. */
  allow(key: string, nowMs: number): boolean {
    const limit = this.perSecond()
    if (limit <= 0) return true
    const recent = (this.hits.get(key) ?? []).filter((t) => t > nowMs - 1000)
    if (recent.length >= limit) {
      this.hits.set(key, recent)
      return false
    }
    recent.push(nowMs)
    this.hits.set(key, recent)
    return true
  }

  clear(): void {
    this.hits.clear()
  }
}
