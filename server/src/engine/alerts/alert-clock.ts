import type { QuietHours } from '@common/alerts.ts'
import { businessSecondsBetween } from '@common/business-hours.ts'
import type { Playbook } from '@common/playbook.ts'

/** Minutes since midnight of `at` in `timezone`. */
function minuteOfDay(at: Date, timezone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at)
  const hour = Number(parts.find((part) => part.type === 'hour')?.value ?? 0)
  const minute = Number(parts.find((part) => part.type === 'minute')?.value ?? 0)
  return hour * 60 + minute
}

function toMinutes(hhmm: string): number {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number)
  return hours * 60 + minutes
}

/** Whether `at` falls in the quiet hours; a window past midnight (21:00–07:00) wraps. */
export function isQuietAt(quietHours: QuietHours | null, at: Date): boolean {
  if (!quietHours) return false
  const now = minuteOfDay(at, quietHours.timezone)
  const start = toMinutes(quietHours.start)
  const end = toMinutes(quietHours.end)
  if (start === end) return false
  return start < end ? now >= start && now < end : now >= start || now < end
}

/**
 * How many minutes of a lead's wait count against a channel's SLA (docs/spec/product.md §9.3:
 * `slaMinutes` of business hours): the open minutes of the client's playbook, in its timezone;
 * every minute for a client that never saved a playbook (no hours were ever set for it).
 */
export function slaMinutesElapsed(
  waitingSince: Date,
  now: Date,
  hours?: Pick<Playbook, 'timezone' | 'businessHours'> | null,
): number {
  if (hours) return Math.floor(businessSecondsBetween(waitingSince, now, hours) / 60)
  return Math.max(0, Math.floor((now.getTime() - waitingSince.getTime()) / 60_000))
}
