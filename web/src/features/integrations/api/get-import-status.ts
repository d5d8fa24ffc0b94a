import { type ImportStatus, importStatusSchema } from '@common/imports.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { importPollInterval } from '@/features/integrations/utils/import-progress.ts'
import { apiJson } from '@/lib/api-client.ts'

/** GET /api/clients/{clientId}/import-status: the last historical import and its progress. */
export async function getImportStatus(clientId: string, signal?: AbortSignal): Promise<ImportStatus> {
  return apiJson(
    'GET',
    `/api/clients/${encodeURIComponent(clientId)}/import-status`,
    importStatusSchema,
    undefined,
    { signal },
  )
}

/** Under the client list's key, so whatever refreshes the list refreshes this too. */
export function importStatusQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: ['/api/clients', clientId, 'import-status'],
    queryFn: ({ signal }) => getImportStatus(clientId, signal),
  })
}

/**
 * The import's progress. Queries never refetch on their own (docs/spec/dashboard-spec.md §7); this one polls while an
 * import runs, and for a short while after it while the queued leads are still being stored.
 */
export function useImportStatus(clientId: string) {
  return useQuery({
    ...importStatusQueryOptions(clientId),
    refetchInterval: (query) => importPollInterval(query.state.data, Date.now()),
  })
}
