import { TZDate } from '@date-fns/tz'
import { clockMinutes, type DayHours, type Playbook, WEEKDAYS, type Weekday } from './playbook.ts'

// A client's business hours in its own timezone (docs/spec/product.md §9.2): whether a moment is
// inside them, and when they next open. Wall-clock times become instants through @date-fns/tz,
// so a DST change day has its real length (23 or 25 hours) without offset arithmetic of ours.

type Hours = Pick<Playbook, 'timezone' | 'businessHours'>

interface Interval {
  start: number
  end: number
}

/** JavaScript's getDay() (0 = Sunday) as the playbook's weekday keys. */
const BY_JS_DAY: readonly Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']

/** The openings of the local day `dayOffset` days after the one that holds `at`, as instants. */
function openingsOfDay(at: Date, hours: Hours, dayOffset: number): Interval[] {
  const local = new TZDate(at.getTime(), hours.timezone)
  const day = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + dayOffset, hours.timezone)
  const weekday = BY_JS_DAY[day.getDay()] ?? 'sun'
  const openings: DayHours = hours.businessHours[weekday] ?? []
  return openings.map(([from, to]) => ({
    start: wallClock(day, clockMinutes(from), hours.timezone),
    end: wallClock(day, clockMinutes(to), hours.timezone),
  }))
}

function wallClock(day: TZDate, minutes: number, timezone: string): number {
  return new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), 0, minutes, timezone).getTime()
}

/** Whether the business is open at `at` (an opening includes its start, not its end). */
export function isWithinBusinessHours(at: Date, hours: Hours): boolean {
  const time = at.getTime()
  // Openings end by 24:00 of their own day, so only the local day of `at` can hold it.
  return openingsOfDay(at, hours, 0).some((open) => time >= open.start && time < open.end)
}

/**
 * `at` itself when the business is open then, else the start of its next opening; null when the
 * playbook has no opening in any weekday.
 */
export function nextBusinessMoment(at: Date, hours: Hours): Date | null {
  if (isWithinBusinessHours(at, hours)) return at
  const time = at.getTime()
  for (let offset = 0; offset <= WEEKDAYS.length; offset++) {
    const next = openingsOfDay(at, hours, offset)
      .filter((open) => open.start > time)
      .sort((a, b) => a.start - b.start)[0]
    if (next) return new Date(next.start)
  }
  return null
}

/** Seconds of business hours between two instants (0 when `to` is not after `from`). */
export function businessSecondsBetween(from: Date, to: Date, hours: Hours): number {
  if (to.getTime() <= from.getTime()) return 0
  let total = 0
  const days = Math.ceil((to.getTime() - from.getTime()) / 86_400_000) + 1
  for (let offset = 0; offset <= days; offset++) {
    for (const open of openingsOfDay(from, hours, offset)) {
      const start = Math.max(open.start, from.getTime())
      const end = Math.min(open.end, to.getTime())
      if (end > start) total += end - start
    }
  }
  return Math.round(total / 1000)
}
