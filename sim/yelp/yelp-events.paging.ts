import type { StoredEvent } from './yelp-state.store.ts'

export type EventPage =
  | { ok: true; events: StoredEvent[] }
  | { ok: false; field: string; description: string }

export interface EventPageQuery {
  limit?: string
  olderThanCursor?: string
  newerThanCursor?: string
}

/**
 * docs/providers/yelp.md §1 "Event ordering": oldest first; `limit` (1–20, default 20) returns the *last* N;
 * a TEXT + ATTACHMENT_GROUPING pair sharing an id counts as one. `older_than_cursor` gives the N
 * events just before the cursor. For `newer_than_cursor` the doc is silent: the simulator returns
 * the N events just after it, so paging forward never skips events. Both at once is refused.
 */
export function pageEvents(events: StoredEvent[], query: EventPageQuery): EventPage {
  let limit = 20
  if (query.limit !== undefined) {
    limit = /^\d+$/.test(query.limit) ? Number(query.limit) : Number.NaN
    if (!(limit >= 1 && limit <= 20))
      return { ok: false, field: 'limit', description: 'limit must be between 1 and 20' }
  }
  if (query.olderThanCursor !== undefined && query.newerThanCursor !== undefined) {
    return {
      ok: false,
      field: 'older_than_cursor',
      description: 'Give older_than_cursor or newer_than_cursor, not both',
    }
  }
  const groups = groupById(events)
  if (query.olderThanCursor !== undefined) {
    const index = groups.findIndex((g) => g[0]?.cursor === query.olderThanCursor)
    if (index < 0) return { ok: false, field: 'older_than_cursor', description: 'Unknown cursor' }
    return { ok: true, events: groups.slice(0, index).slice(-limit).flat() }
  }
  if (query.newerThanCursor !== undefined) {
    const index = groups.findIndex((g) => g[0]?.cursor === query.newerThanCursor)
    if (index < 0) return { ok: false, field: 'newer_than_cursor', description: 'Unknown cursor' }
    return { ok: true, events: groups.slice(index + 1, index + 1 + limit).flat() }
  }
  return { ok: true, events: groups.slice(-limit).flat() }
}

/** Index of the group holding the event id, for mark_as_read ("this event and all earlier ones"). */
export function groupIndexOf(events: StoredEvent[], eventId: string): number {
  return groupById(events).findIndex((g) => g[0]?.id === eventId)
}

function groupById(events: StoredEvent[]): StoredEvent[][] {
  const groups: StoredEvent[][] = []
  for (const event of [...events].sort((a, b) => a.seq - b.seq)) {
    const last = groups.at(-1)
    if (last && last[0]?.id === event.id) last.push(event)
    else groups.push([event])
  }
  return groups
}
