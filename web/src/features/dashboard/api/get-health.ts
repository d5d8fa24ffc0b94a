import { type PublicHealth, publicHealthSchema } from '@common/stats.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { parseResponse } from '@/lib/api-client.ts'

/**
 * GET /api/health for the header's 'System Online'. A 503 still carries the body; no answer at
 * all means the server is down.
 */
export async function getHealth(signal?: AbortSignal): Promise<PublicHealth> {
  const res = await fetch('/api/health', { credentials: 'include', signal })
  return parseResponse(res, publicHealthSchema, { method: 'GET', url: '/api/health' })
}

export function healthQueryOptions() {
  return queryOptions({ queryKey: ['health'], queryFn: ({ signal }) => getHealth(signal) })
}

export function useHealth() {
  return useQuery({ ...healthQueryOptions(), refetchInterval: 30_000 })
}
