import { type Alert, type AlertsQuery, alertListSchema } from '@common/alerts.ts'
import type { Page } from '@common/list-query.ts'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { useLiveRefetchInterval } from '@/lib/live-stream.ts'
import { fetchPage, searchOf } from '@/lib/paged-fetch.ts'

export type AlertFilters = Omit<AlertsQuery, 'limit' | 'cursor'>

export const ALERTS_PAGE_SIZE = 50

/** GET /api/alerts: one page, newest first, filtered and scoped on the server (docs/spec/product.md §9.3). */
export function getAlerts(
  filters: AlertFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Page<Alert>> {
  return fetchPage(
    `/api/alerts${searchOf({ ...filters, limit: ALERTS_PAGE_SIZE, cursor })}`,
    alertListSchema,
    signal,
  )
}

export function alertsQueryOptions(filters: AlertFilters) {
  return infiniteQueryOptions({
    queryKey: ['/api/alerts', filters],
    queryFn: ({ pageParam, signal }) => getAlerts(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

/** Live: the server's `alerts` change events refresh it (a slow poll while the stream is down). */
export function useAlerts(filters: AlertFilters) {
  return useInfiniteQuery({ ...alertsQueryOptions(filters), refetchInterval: useLiveRefetchInterval() })
}
