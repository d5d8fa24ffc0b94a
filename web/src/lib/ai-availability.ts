import { type AiAvailability, aiAvailabilitySchema } from '@common/stats.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { parseResponse } from '@/lib/api-client.ts'

/**
 * Whether the server has a model for AI drafts (GET /api/health `ai.enabled`, docs/spec/product.md
 * §9.6). Shared by the inbox and the playbook tab: both hide or explain their AI controls by it.
 */
export async function getAiAvailability(signal?: AbortSignal): Promise<AiAvailability> {
  const res = await fetch('/api/health', { credentials: 'include', signal })
  return parseResponse(res, aiAvailabilitySchema, { method: 'GET', url: '/api/health' })
}

export function aiAvailabilityQueryOptions() {
  return queryOptions({
    queryKey: ['health', 'ai'],
    queryFn: ({ signal }) => getAiAvailability(signal),
    // Set by the server's environment: it changes only with a restart.
    staleTime: 5 * 60_000,
  })
}

/** True only once the server said AI drafts are on; false while loading or on an error. */
export function useIsAiEnabled(): boolean {
  return useQuery(aiAvailabilityQueryOptions()).data?.ai.enabled === true
}
