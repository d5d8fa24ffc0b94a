import { z } from 'zod'

// Parameters every paged list shares (docs/spec/product.md §6 and §6.1): `limit` (default 100, at most
// 500), an opaque `cursor`, and dates as UTC days (`YYYY-MM-DD`) or ISO timestamps.

export const DEFAULT_PAGE_SIZE = 100
export const MAX_PAGE_SIZE = 500

/** The response headers that carry the paging state; the body stays the spec's list. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor'
export const TOTAL_COUNT_HEADER = 'x-total-count'

const DAY = /^\d{4}-\d{2}-\d{2}$/
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/

function isRealDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** One UTC day, `YYYY-MM-DD`. */
export const dayParam = z
  .string()
  .refine((value) => DAY.test(value) && isRealDay(value), 'must be a date as YYYY-MM-DD')

/** A UTC day or an ISO timestamp with its zone. */
export const dateOrTimestampParam = z
  .string()
  .refine(
    (value) =>
      (DAY.test(value) && isRealDay(value)) ||
      (ISO_TIMESTAMP.test(value) && !Number.isNaN(new Date(value).getTime())),
    'must be a date as YYYY-MM-DD or an ISO timestamp',
  )

export const limitParam = z.coerce
  .number('limit must be a number')
  .int('limit must be a whole number')
  .min(1, `limit must be 1 to ${MAX_PAGE_SIZE}`)
  .max(MAX_PAGE_SIZE, `limit must be 1 to ${MAX_PAGE_SIZE}`)
  .default(DEFAULT_PAGE_SIZE)

export const cursorParam = z.string().min(1, 'must not be empty').max(500, 'is not a valid cursor')

/** Free text: trimmed, empty means no filter. */
export const searchParam = z
  .string()
  .max(200, 'must be at most 200 characters')
  .transform((value) => value.trim())
  .optional()

/** A page of a list as the web client reads it: the items plus the paging headers. */
export interface Page<T> {
  items: T[]
  nextCursor: string | null
  totalCount: number
}

/** The start of a `from` value: a day starts at 00:00 UTC. */
export function startOf(value: string): Date {
  return DAY.test(value) ? new Date(`${value}T00:00:00.000Z`) : new Date(value)
}

/** The exclusive end of a `to` value: a day includes all of itself (docs/spec/product.md §6.1). */
export function endOf(value: string): Date {
  if (!DAY.test(value)) return new Date(new Date(value).getTime() + 1)
  const start = new Date(`${value}T00:00:00.000Z`)
  return new Date(start.getTime() + 24 * 60 * 60 * 1000)
}
