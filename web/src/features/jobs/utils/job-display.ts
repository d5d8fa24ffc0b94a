import type { JobView } from '@common/jobs.ts'

/** The first run plus every re-run: "1 attempt", "9 attempts". */
export function attemptsText(job: Pick<JobView, 'retryCount'>): string {
  const attempts = job.retryCount + 1
  return `${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`
}

/**
 * When the job died: its completion time, else when it last started, else when it was created;
 * null when none of them is a readable timestamp.
 */
export function failedAt(job: Pick<JobView, 'completedOn' | 'startedOn' | 'createdOn'>): string | null {
  const times = [job.completedOn, job.startedOn, job.createdOn]
  return times.find((time) => time && Number.isFinite(Date.parse(time))) ?? null
}

/** The lead a job was about, when its data names one. */
export function leadIdOf(job: Pick<JobView, 'data'>): string | null {
  const { data } = job
  if (data && typeof data === 'object' && 'leadId' in data && typeof data.leadId === 'string')
    return data.leadId
  return null
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
]
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })

/** "just now", "5 minutes ago", "yesterday". */
export function timeAgo(iso: string, now: number): string {
  const seconds = (Date.parse(iso) - now) / 1000
  if (!Number.isFinite(seconds) || Math.abs(seconds) < 45) return 'just now'
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'minute')
      return relative.format(Math.round(seconds / size), unit)
  }
  return 'just now'
}
