import { type OpportunitySyncStatus, opportunitySyncStatusSchema } from '@common/pipeline.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { opportunitySyncStatusQueryOptions } from '@/features/integrations/api/get-opportunity-sync-status.ts'
import { apiJson } from '@/lib/api-client.ts'

/** POST /api/clients/{clientId}/ghl/sync-opportunities: 202 with the backfill's status. */
export async function syncOpportunities(clientId: string): Promise<OpportunitySyncStatus> {
  return apiJson(
    'POST',
    `/api/clients/${encodeURIComponent(clientId)}/ghl/sync-opportunities`,
    opportunitySyncStatusSchema,
  )
}

export function useSyncOpportunities() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: syncOpportunities,
    onSuccess: (status, clientId) =>
      queryClient.setQueryData(opportunitySyncStatusQueryOptions(clientId).queryKey, status),
  })
}
