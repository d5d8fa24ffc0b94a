import { queryOptions, useQuery } from '@tanstack/react-query'
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

/** How often the import status is asked for while it changes. */
export const IMPORT_POLL_MS = 2000
/**
 * After the import has queued every lead, the lead syncs still have to store them; the count
 * is followed this long after the import finished, unless it catches up sooner.
 */
export const IMPORT_SETTLE_MS = 60_000

/** True while a finished import's queued leads are still arriving in the store. */
export function isImportSettling(status: ImportStatus | undefined, now: number): boolean {
  if (status?.status !== 'completed' || status.storedLeads >= status.leadsFound) return false
  // finishedAt is the server's clock; a browser clock far off only shortens or lengthens the wait.
  const finished = status.finishedAt ? Date.parse(status.finishedAt) : Number.NaN
  return Number.isFinite(finished) && now - finished < IMPORT_SETTLE_MS
}

/** The refetch interval of the status query: polling only while something is still moving. */
export function importPollInterval(status: ImportStatus | undefined, now: number): number | false {
  if (status?.status === 'running') return IMPORT_POLL_MS
  return isImportSettling(status, now) ? IMPORT_POLL_MS : false
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
