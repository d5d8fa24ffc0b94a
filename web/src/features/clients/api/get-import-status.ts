import { queryOptions, useQuery } from '@tanstack/react-query'
import { importPollInterval } from '@/features/clients/utils/import-progress.ts'
import { apiRequest } from '@/lib/api-client.ts'

export type ImportState = 'never' | 'running' | 'completed' | 'failed'

/** The answer of GET /api/clients/{clientId}/import-status. */
export interface ImportStatus {
  status: ImportState
  businessId: string | null
  /** Lead ids Yelp listed for the business. */
  leadsFound: number
  /** Of those, queued for a lead sync (updated every 20 leads while running). */
  leadsQueued: number
  /** Leads of the client stored in the hub; grows as the queued syncs finish. */
  storedLeads: number
  error: string | null
  startedAt: string | null
  finishedAt: string | null
}

/** GET /api/clients/{clientId}/import-status: the last historical import and its progress. */
export async function getImportStatus(clientId: string, signal?: AbortSignal): Promise<ImportStatus> {
  const res = await apiRequest(
    'GET',
    `/api/clients/${encodeURIComponent(clientId)}/import-status`,
    undefined,
    { signal },
  )
  return (await res.json()) as ImportStatus
}

/** Under the client list's key, so whatever refreshes the list refreshes this too. */
export function importStatusQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: ['/api/clients', clientId, 'import-status'],
    queryFn: ({ signal }) => getImportStatus(clientId, signal),
  })
}

/**
 * The import's progress. Queries never refetch on their own (spec §7); this one polls while an
 * import runs, and for a short while after it while the queued leads are still being stored.
 */
export function useImportStatus(clientId: string) {
  return useQuery({
    ...importStatusQueryOptions(clientId),
    refetchInterval: (query) => importPollInterval(query.state.data, Date.now()),
  })
}
