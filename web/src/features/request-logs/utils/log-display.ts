import {
  type LogDirection,
  type LogEntry,
  type LogOutcome,
  type StatusDot,
  statusDot,
} from '@common/request-logs.ts'
import type { RequestLogFilters } from '@/features/request-logs/api/get-request-logs.ts'

export const DOT_CLASS: Record<StatusDot, string> = {
  green: 'bg-success',
  red: 'bg-destructive',
  orange: 'bg-orange-500',
  grey: 'bg-muted-foreground/50',
}

export function dotClass(statusCode: number | null): string {
  return DOT_CLASS[statusDot(statusCode)]
}

export const OUTCOME_BADGE: Record<LogOutcome, 'success' | 'destructive' | 'warning' | 'secondary'> = {
  Success: 'success',
  Failed: 'destructive',
  Warning: 'warning',
  Unknown: 'secondary',
  Error: 'destructive',
}

export const DIRECTION_LABELS: Record<LogDirection, string> = {
  incoming: 'Incoming',
  outgoing: 'Outgoing',
  internal: 'Internal',
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' })
export function formatTime(iso: string): string {
  return timeFormat.format(new Date(iso))
}

/** Pretty JSON for the expanded entry; a cut body is already text. */
export function formatBody(value: unknown): string {
  if (value === null || value === undefined) return '—'
  if (typeof value === 'string') return value
  return JSON.stringify(value, null, 2)
}

/** True when any §2.12 filter is set (then 'Showing X of Y logs' and 'Clear All Filters' show). */
export function hasActiveFilter(filters: RequestLogFilters): boolean {
  return Object.values(filters).some((value) => value !== undefined && value !== '')
}

/**
 * A call to the AI model (docs/spec/product.md §9.6, logged with platform `ai`): named as such,
 * with the tokens it used when the model reported them.
 */
export function aiCallSummary(entry: Pick<LogEntry, 'responseBody'>): string {
  const tokens = (entry.responseBody as { tokens?: { total?: unknown } } | null)?.tokens?.total
  return typeof tokens === 'number' ? `AI model · ${tokens} tokens` : 'AI model'
}
