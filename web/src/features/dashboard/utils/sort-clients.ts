import type { ClientStats } from '@common/client-stats.ts'

// The client table's order (docs/spec/product.md §9.1 figures). Each column first sorts the way
// that puts the clients needing attention on top (most waiting, slowest, lowest share); a second
// click turns it round. A client without the figure is last either way: "—" is not a best or a worst.

export const CLIENT_SORT_KEYS = [
  'name',
  'waitingNow',
  'medianFirstReply',
  'within5Minutes',
  'yelpResponseTime',
  'responseRate',
  'costPerLead',
] as const
export type ClientSortKey = (typeof CLIENT_SORT_KEYS)[number]
export type SortDirection = 'asc' | 'desc'
export interface ClientSort {
  key: ClientSortKey
  direction: SortDirection
}

/** The direction a column sorts in when first picked: the clients needing attention first. */
export const FIRST_DIRECTION: Record<ClientSortKey, SortDirection> = {
  name: 'asc',
  waitingNow: 'desc',
  medianFirstReply: 'desc',
  within5Minutes: 'asc',
  yelpResponseTime: 'desc',
  responseRate: 'asc',
  costPerLead: 'desc',
}

export const DEFAULT_CLIENT_SORT: ClientSort = { key: 'waitingNow', direction: 'desc' }

function figureOf(client: ClientStats, key: Exclude<ClientSortKey, 'name'>): number | null {
  switch (key) {
    case 'waitingNow':
      return client.waitingNow
    case 'medianFirstReply':
      return client.responseTime.last30Days.medianSeconds
    case 'within5Minutes':
      return client.responseTime.last30Days.within5Minutes
    case 'yelpResponseTime':
      return client.yelpResponseTime
    case 'responseRate':
      return client.responseRate
    case 'costPerLead':
      return client.costPerLeadCents
  }
}

/** Milliseconds since the epoch of the oldest wait; Infinity without one (it waits least). */
const waitStart = (client: ClientStats) =>
  client.oldestWaitingSince ? new Date(client.oldestWaitingSince).getTime() : Number.POSITIVE_INFINITY

const byName = (a: ClientStats, b: ClientStats) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.clientId.localeCompare(b.clientId)

export function sortClients(clients: readonly ClientStats[], sort: ClientSort): ClientStats[] {
  const sign = sort.direction === 'asc' ? 1 : -1
  return [...clients].sort((a, b) => {
    if (sort.key === 'name') return sign * byName(a, b)
    const [x, y] = [figureOf(a, sort.key), figureOf(b, sort.key)]
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1
    if (x !== y) return sign * (x - y)
    // As many waiting: the one waiting longest is the more urgent (first when most-waiting is first).
    if (sort.key === 'waitingNow' && waitStart(a) !== waitStart(b))
      return sign * (waitStart(b) - waitStart(a) > 0 ? 1 : -1)
    return byName(a, b)
  })
}

/** The sort after a click on `key`'s header: its first direction, or the other one on the same column. */
export function nextSort(current: ClientSort, key: ClientSortKey): ClientSort {
  if (current.key !== key) return { key, direction: FIRST_DIRECTION[key] }
  return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
}
