import { useMutation, useQueryClient } from '@tanstack/react-query'
import { importStatusQueryOptions } from '@/features/clients/api/get-import-status.ts'
import { apiRequest } from '@/lib/api-client.ts'

export interface ImportStarted {
  businessId: string
  status: 'started'
}

/** POST /api/import-historical-leads: queues the import; 400 until the Yelp business is connected. */
export async function importHistoricalLeads(clientId: string): Promise<ImportStarted> {
  const res = await apiRequest('POST', '/api/import-historical-leads', { clientId })
  return (await res.json()) as ImportStarted
}

export function useImportHistoricalLeads() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: importHistoricalLeads,
    // The status now reads 'running', which starts its polling.
    onSuccess: (_data, clientId) =>
      queryClient.invalidateQueries({ queryKey: importStatusQueryOptions(clientId).queryKey }),
  })
}
