import type { Page } from '@common/list-query.ts'
import { type MessageLog, type MessagesQuery, messageLogListSchema } from '@common/messages.ts'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { useLiveRefetchInterval } from '@/lib/live-stream.ts'
import { fetchPage, searchOf } from '@/lib/paged-fetch.ts'

export type MessageFilters = Omit<MessagesQuery, 'limit' | 'cursor'>

export const MESSAGES_PAGE_SIZE = 50

/** GET /api/messages: one page, newest first, filtered on the server (docs/spec/product.md §6.1). */
export function getMessages(
  filters: MessageFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Page<MessageLog>> {
  return fetchPage(
    `/api/messages${searchOf({ ...filters, limit: MESSAGES_PAGE_SIZE, cursor })}`,
    messageLogListSchema,
    signal,
  )
}

export function messagesQueryOptions(filters: MessageFilters) {
  return infiniteQueryOptions({
    queryKey: ['/api/messages', filters],
    queryFn: ({ pageParam, signal }) => getMessages(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

/** Refreshed by the server's change events (GET /api/events; a slow poll while it is down). */
export function useMessages(filters: MessageFilters) {
  return useInfiniteQuery({ ...messagesQueryOptions(filters), refetchInterval: useLiveRefetchInterval() })
}
