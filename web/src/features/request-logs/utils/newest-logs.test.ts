import type { Page } from '@common/list-query.ts'
import type { LogEntry } from '@common/request-logs.ts'
import { describe, expect, it } from 'vitest'
import { type LogPages, withNewestPage } from './newest-logs.ts'

function entry(n: number): LogEntry {
  return {
    id: `webhook:${n}`,
    type: 'webhook',
    direction: 'incoming',
    platform: 'yelp',
    endpoint: '/yelp/webhook',
    method: 'POST',
    statusCode: 200,
    duration: null,
    clientId: 'client-a',
    error: null,
    createdAt: new Date(Date.UTC(2026, 10, 23, 12, 0, n)).toISOString(),
    payload: {},
    response: {},
    requestBody: null,
    responseBody: null,
    requestHeaders: null,
    responseHeaders: null,
    truncated: false,
  }
}

/** Entries `from` down to `to`, newest (highest) first. */
function page(from: number, to: number, nextCursor: string | null, totalCount: number): Page<LogEntry> {
  const items: LogEntry[] = []
  for (let n = from; n >= to; n--) items.push(entry(n))
  return { items, nextCursor, totalCount }
}

const ids = (pages: LogPages | null) =>
  pages?.pages.map((p) => p.items.map((e) => Number(e.id.split(':')[1])))

/** Two loaded pages of three: entries 10…5, more after them. */
const loaded: LogPages = {
  pages: [page(10, 8, 'c8', 20), page(7, 5, 'c5', 20)],
  pageParams: [undefined, 'c8'],
}

describe('withNewestPage', () => {
  it('puts new entries in front of the first page and keeps its cursor', () => {
    const merged = withNewestPage(loaded, page(12, 10, 'c10', 22))
    expect(ids(merged)).toEqual([
      [12, 11, 10, 9, 8],
      [7, 6, 5],
    ])
    expect(merged?.pages[0]?.nextCursor).toBe('c8')
    expect(merged?.pageParams).toEqual([undefined, 'c8'])
    expect(merged?.pages.map((p) => p.totalCount)).toEqual([22, 22])
  })

  it('changes nothing but the total when nothing is new', () => {
    const merged = withNewestPage(loaded, page(10, 8, 'c8', 20))
    expect(ids(merged)).toEqual(ids(loaded))
  })

  it('keeps growing the first page across changes', () => {
    const once = withNewestPage(loaded, page(11, 9, 'c9', 21))
    if (!once) throw new Error('no merge')
    expect(ids(withNewestPage(once, page(13, 11, 'c11', 23)))).toEqual([
      [13, 12, 11, 10, 9, 8],
      [7, 6, 5],
    ])
  })

  it('gives up when the newest page does not reach the loaded ones (a gap may lie between)', () => {
    expect(withNewestPage(loaded, page(20, 18, 'c18', 30))).toBeNull()
  })

  it('gives up when the loaded entries were deleted (a restore), unless the list now fits one page', () => {
    expect(withNewestPage(loaded, { items: [], nextCursor: 'c0', totalCount: 0 })).toBeNull()
    const cleared = withNewestPage(loaded, { items: [], nextCursor: null, totalCount: 0 })
    expect(cleared).toEqual({
      pages: [{ items: [], nextCursor: null, totalCount: 0 }],
      pageParams: [undefined],
    })
  })

  it('takes the newest page alone when it holds the whole list', () => {
    const merged = withNewestPage(loaded, page(11, 9, null, 3))
    expect(ids(merged)).toEqual([[11, 10, 9]])
  })

  it('gives up on a list with no page loaded', () => {
    expect(withNewestPage({ pages: [], pageParams: [] }, page(1, 1, null, 1))).toBeNull()
  })
})
