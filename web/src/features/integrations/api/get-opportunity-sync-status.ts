import { type OpportunitySyncStatus, opportunitySyncStatusSchema } from '@common/pipeline.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { contactSyncPollInterval } from '@/features/integrations/utils/contact-sync.ts'
import { apiJson } from '@/lib/api-client.ts'

/** GET /api/clients/{clientId}/ghl/opportunity-sync-status: the last backfill and its progress. */
export async function getOpportunitySyncStatus(
  clientId: string,
  signal?: AbortSignal,
): Promise<OpportunitySyncStatus> {
  return apiJson(
    'GET',
    `/api/clients/${encodeURIComponent(clientId)}/ghl/opportunity-sync-status`,
    opportunitySyncStatusSchema,
    undefined,
    { signal },
  )
}

export function opportunitySyncStatusQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: ['/api/clients', clientId, 'opportunity-sync-status'],
    queryFn: ({ signal }) => getOpportunitySyncStatus(clientId, signal),
  })
}

/** Polled while the backfill runs, like the contact sync's progress. */
export function useOpportunitySyncStatus(clientId: string) {
  return useQuery({
    ...opportunitySyncStatusQueryOptions(clientId),
    refetchInterval: (query) => contactSyncPollInterval(query.state.data),
  })
}
