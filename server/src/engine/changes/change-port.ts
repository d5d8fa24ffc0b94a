import type { ChangeEvent } from '@common/leads.ts'

/**
 * What the engine tells the rest of the hub when it changed something an open screen shows
 * (docs/spec/product.md §6.1 `GET /api/events`). The engine depends on this shape only; the
 * events module implements it (in process, or across processes on PostgreSQL).
 */
export interface ChangePort {
  announce(change: ChangeEvent): void
}

/** For an engine nobody watches (tests of the engine alone, scripts). */
export const NO_CHANGES: ChangePort = { announce() {} }
