import { type ClientStatsList, clientStatsListSchema } from '@common/client-stats.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'
import { useLiveRefetchInterval } from '@/lib/live-stream.ts'

/**
 * GET /api/stats/clients (the client list reads its 7-day median): each visible client's cost per lead this month and response times over
 * 7 and 30 days (docs/decisions/0014).
 */
export async function getClientStats(signal?: AbortSignal): Promise<ClientStatsList> {
  return apiJson('GET', '/api/stats/clients', clientStatsListSchema, undefined, { signal })
}

export function clientStatsQueryOptions() {
  return queryOptions({ queryKey: ['/api/stats/clients'], queryFn: ({ signal }) => getClientStats(signal) })
}

export function useClientStats(options: { enabled?: boolean } = {}) {
  return useQuery({
    ...clientStatsQueryOptions(),
    enabled: options.enabled,
    refetchInterval: useLiveRefetchInterval(),
  })
}
