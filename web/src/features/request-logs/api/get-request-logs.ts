import type { Page } from '@common/list-query.ts'
import { type LogEntry, logEntryListSchema, type RequestLogsQuery } from '@common/request-logs.ts'
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useLiveRefetchInterval } from '@/lib/live-stream.ts'
import { fetchPage, searchOf } from '@/lib/paged-fetch.ts'

export type RequestLogFilters = Omit<RequestLogsQuery, 'limit' | 'cursor'>

export const REQUEST_LOGS_PAGE_SIZE = 50

/** GET /api/all-request-logs: one page of both logs, newest first, filtered on the server. */
export function getRequestLogs(
  filters: RequestLogFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
  limit = REQUEST_LOGS_PAGE_SIZE,
): Promise<Page<LogEntry>> {
  return fetchPage(
    `/api/all-request-logs${searchOf({ ...filters, limit, cursor })}`,
    logEntryListSchema,
    signal,
  )
}

export function requestLogsQueryOptions(filters: RequestLogFilters) {
  return infiniteQueryOptions({
    queryKey: ['/api/all-request-logs', filters],
    queryFn: ({ pageParam, signal }) => getRequestLogs(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

/** New entries arrive with the server's change events (GET /api/events; a slow poll while it is down). */
export function useRequestLogs(filters: RequestLogFilters) {
  return useInfiniteQuery({ ...requestLogsQueryOptions(filters), refetchInterval: useLiveRefetchInterval() })
}

/** Y of 'Showing X of Y logs': every entry the caller can see, without filters. */
export function requestLogsTotalQueryOptions() {
  return queryOptions({
    // An object, not a string: a string after the URL names one client to the events (affected-queries.ts).
    queryKey: ['/api/all-request-logs', { total: true }],
    queryFn: async ({ signal }) => (await getRequestLogs({}, undefined, signal, 1)).totalCount,
  })
}

export function useRequestLogsTotal(enabled: boolean) {
  return useQuery({ ...requestLogsTotalQueryOptions(), enabled, refetchInterval: useLiveRefetchInterval() })
}
