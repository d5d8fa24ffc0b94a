import { type FirstReplies, firstRepliesSchema } from '@common/stats.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'
import { useLiveRefetchInterval } from '@/lib/live-stream.ts'

/**
 * GET /api/stats/first-replies: the first replies of each of the last 30 UTC days and over all
 * of them (the median of the answered leads, the shares of every lead), scoped to the caller's clients.
 */
export async function getFirstReplies(signal?: AbortSignal): Promise<FirstReplies> {
  return apiJson('GET', '/api/stats/first-replies', firstRepliesSchema, undefined, { signal })
}

export function firstRepliesQueryOptions() {
  return queryOptions({
    queryKey: ['/api/stats/first-replies'],
    queryFn: ({ signal }) => getFirstReplies(signal),
  })
}

export function useFirstReplies() {
  return useQuery({ ...firstRepliesQueryOptions(), refetchInterval: useLiveRefetchInterval() })
}
