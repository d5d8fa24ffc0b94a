import { type ClientStatsList, clientStatsListSchema } from '@common/client-stats.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'
import { useLiveRefetchInterval } from '@/lib/live-stream.ts'

/**
 * GET /api/stats/clients: each visible client's cost per lead in a month (`YYYY-MM`, UTC; the
 * server's current month when none is given) and response times over 7 and 30 days (docs/decisions/0014).
 */
export async function getClientStats(month?: string, signal?: AbortSignal): Promise<ClientStatsList> {
  const query = month ? `?${new URLSearchParams({ month })}` : ''
  return apiJson('GET', `/api/stats/clients${query}`, clientStatsListSchema, undefined, { signal })
}

export function clientStatsQueryOptions(month?: string) {
  return queryOptions({
    // An object, not a string, after the URL: the live refresh reads a string there as a client id.
    queryKey: ['/api/stats/clients', { month: month ?? null }],
    queryFn: ({ signal }) => getClientStats(month, signal),
  })
}

export function useClientStats(options: { enabled?: boolean; month?: string } = {}) {
  return useQuery({
    ...clientStatsQueryOptions(options.month),
    enabled: options.enabled,
    refetchInterval: useLiveRefetchInterval(),
  })
}
