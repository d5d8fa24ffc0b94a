import { type ImportStarted, importStartedSchema } from '@common/imports.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { importStatusQueryOptions } from '@/features/integrations/api/get-import-status.ts'
import { apiJson } from '@/lib/api-client.ts'

/** POST /api/import-historical-leads: queues the import; 400 until the Yelp business is connected. */
export async function importHistoricalLeads(clientId: string): Promise<ImportStarted> {
  return apiJson('POST', '/api/import-historical-leads', importStartedSchema, { clientId })
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
