import { type Stats, statsSchema } from '@common/stats.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'
import { useLiveRefetchInterval } from '@/lib/live-stream.ts'

/** GET /api/stats: the four cards' numbers (docs/spec/product.md §6), scoped to the caller's clients. */
export async function getStats(signal?: AbortSignal): Promise<Stats> {
  return apiJson('GET', '/api/stats', statsSchema, undefined, { signal })
}

export function statsQueryOptions() {
  return queryOptions({ queryKey: ['/api/stats'], queryFn: ({ signal }) => getStats(signal) })
}

export function useStats() {
  return useQuery({ ...statsQueryOptions(), refetchInterval: useLiveRefetchInterval() })
}
