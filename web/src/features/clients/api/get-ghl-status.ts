import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client.ts'

/** Spec §3.2 "CRM status response". */
export interface GhlStatus {
  hasApiKey: boolean
  hasCustomFields: boolean
  fieldMapping: Record<string, string>
}

/** GET /api/clients/{clientId}/ghl/custom-fields: key and custom-field state for the GHL modal. */
export async function getGhlStatus(clientId: string, signal?: AbortSignal): Promise<GhlStatus> {
  const res = await apiRequest(
    'GET',
    `/api/clients/${encodeURIComponent(clientId)}/ghl/custom-fields`,
    undefined,
    { signal },
  )
  return (await res.json()) as GhlStatus
}

/** Under the client list's key, so whatever refreshes the list refreshes this too. */
export function ghlStatusQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: ['/api/clients', clientId, 'ghl', 'custom-fields'],
    queryFn: ({ signal }) => getGhlStatus(clientId, signal),
  })
}

export function useGhlStatus(clientId: string | undefined) {
  return useQuery({ ...ghlStatusQueryOptions(clientId ?? ''), enabled: Boolean(clientId) })
}
