import { type SystemHealth, systemHealthSchema } from '@common/stats.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'

/** GET /api/system-health: the System Health dialog's live checks. */
export async function getSystemHealth(signal?: AbortSignal): Promise<SystemHealth> {
  return apiJson('GET', '/api/system-health', systemHealthSchema, undefined, { signal })
}

export function systemHealthQueryOptions() {
  return queryOptions({ queryKey: ['system-health'], queryFn: ({ signal }) => getSystemHealth(signal) })
}

/** Checked afresh each time the dialog opens: the checks are live. */
export function useSystemHealth(enabled: boolean) {
  return useQuery({ ...systemHealthQueryOptions(), enabled, refetchOnMount: 'always', gcTime: 0 })
}

/**
 * The header's indicator: the same checks, every 30 seconds and whenever jobs or alerts change
 * (its key leads with the URL the live events name, lib/affected-queries.ts).
 */
export function useHeaderSystemHealth(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/system-health'],
    queryFn: ({ signal }) => getSystemHealth(signal),
    enabled,
    refetchInterval: 30_000,
  })
}
