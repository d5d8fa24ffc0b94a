import { logEndpointsSchema } from '@common/request-logs.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'
import { FALLBACK_REFRESH_MS, useLiveRefetchInterval } from '@/lib/live-stream.ts'

/** GET /api/all-request-logs/endpoints: the Endpoint filter's options. */
export async function getLogEndpoints(signal?: AbortSignal): Promise<string[]> {
  return apiJson('GET', '/api/all-request-logs/endpoints', logEndpointsSchema, undefined, { signal })
}

export function logEndpointsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/all-request-logs/endpoints'],
    queryFn: ({ signal }) => getLogEndpoints(signal),
  })
}

export function useLogEndpoints() {
  return useQuery({
    ...logEndpointsQueryOptions(),
    refetchInterval: useLiveRefetchInterval(FALLBACK_REFRESH_MS * 2),
  })
}
