// How long a lead has been waiting for a reply (docs/spec/product.md §9.1: "waiting 12 min"),
// counted down to the minute and never rounded up: a timer that shows 13 min at 12 min 40 s
// would tell the operator the lead waited longer than it did.

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** "waiting 12 min", "waiting 2 h 5 min", "waiting 3 d 4 h"; under a minute "waiting <1 min". */
export function formatWaiting(since: string, now: number): string {
  const elapsed = Math.max(0, now - Date.parse(since))
  if (elapsed < MINUTE) return 'waiting <1 min'
  if (elapsed < HOUR) return `waiting ${Math.floor(elapsed / MINUTE)} min`
  if (elapsed < DAY) {
    const hours = Math.floor(elapsed / HOUR)
    const minutes = Math.floor((elapsed % HOUR) / MINUTE)
    return minutes ? `waiting ${hours} h ${minutes} min` : `waiting ${hours} h`
  }
  const days = Math.floor(elapsed / DAY)
  const hours = Math.floor((elapsed % DAY) / HOUR)
  return hours ? `waiting ${days} d ${hours} h` : `waiting ${days} d`
}

/** How urgent the wait looks: an hour is when most leads hire someone else. */
export function waitingTone(since: string, now: number): 'fresh' | 'late' | 'lost' {
  const elapsed = now - Date.parse(since)
  if (elapsed < 15 * MINUTE) return 'fresh'
  return elapsed < HOUR ? 'late' : 'lost'
}
