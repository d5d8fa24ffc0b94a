import { type GhlStatus, ghlStatusSchema } from '@common/custom-fields.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'

/** GET /api/clients/{clientId}/ghl/custom-fields: key and custom-field state for the GHL modal. */
export async function getGhlStatus(clientId: string, signal?: AbortSignal): Promise<GhlStatus> {
  return apiJson(
    'GET',
    `/api/clients/${encodeURIComponent(clientId)}/ghl/custom-fields`,
    ghlStatusSchema,
    undefined,
    { signal },
  )
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
