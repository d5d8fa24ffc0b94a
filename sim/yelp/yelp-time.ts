/**
 * Yelp writes times as RFC 3339 with an explicit `+00:00` offset and whole seconds
 * (docs/providers/yelp.md §1 examples: `2026-06-30T12:00:00+00:00`), not JavaScript's `...000Z`.
 */
export function yelpTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00')
}

const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/

/** Parses an ISO-8601 time that names its zone (docs/providers/yelp.md §1 `lead_ids`: "ISO-8601 with TZ"); null otherwise. */
export function parseZonedTime(text: string): number | null {
  if (!ISO_WITH_ZONE.test(text)) return null
  const ms = Date.parse(text)
  return Number.isNaN(ms) ? null : ms
}

export const HOUR_MS = 3_600_000
export const DAY_MS = 24 * HOUR_MS
