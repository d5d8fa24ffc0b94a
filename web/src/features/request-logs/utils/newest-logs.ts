import type { Page } from '@common/list-query.ts'
import type { LogEntry } from '@common/request-logs.ts'
import type { InfiniteData } from '@tanstack/react-query'

export type LogPages = InfiniteData<Page<LogEntry>, string | undefined>

/**
 * The loaded pages of a log list with its newest page, fetched again, put in front: entries are
 * never changed once written, so only new ones (and the total) can differ. The newest page joins
 * the first loaded page, whose cursor still leads to the second. Null when the two do not meet
 * (more new entries than a page, or the first page's entries deleted by a restore): there may be
 * a gap, and only a full reload is right. Entries the retention purge removes from older pages
 * (older than the retention days) stay shown until the list reloads.
 */
export function withNewestPage(loaded: LogPages, newest: Page<LogEntry>): LogPages | null {
  const [first, ...rest] = loaded.pages
  if (!first) return null
  const seen = new Set(first.items.map((entry) => entry.id))
  const last = newest.items.at(-1)
  // Everything the list holds fits in the newest page: it is the whole first page.
  const isWholeList = newest.nextCursor === null
  if (!isWholeList && (!last || !seen.has(last.id))) return null
  const fresh = new Set(newest.items.map((entry) => entry.id))
  const merged: Page<LogEntry> = isWholeList
    ? newest
    : {
        items: [...newest.items, ...first.items.filter((entry) => !fresh.has(entry.id))],
        nextCursor: first.nextCursor,
        totalCount: newest.totalCount,
      }
  return {
    pages: isWholeList
      ? [merged]
      : [merged, ...rest.map((page) => ({ ...page, totalCount: newest.totalCount }))],
    pageParams: isWholeList ? [undefined] : loaded.pageParams,
  }
}
