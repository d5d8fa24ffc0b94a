import type { CustomFieldRecord } from '@common/clients.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client.ts'

/** GET /api/ghl/custom-fields/{clientId}: the custom-field records created for the client. */
export async function getCustomFields(clientId: string, signal?: AbortSignal): Promise<CustomFieldRecord[]> {
  const res = await apiRequest('GET', `/api/ghl/custom-fields/${encodeURIComponent(clientId)}`, undefined, {
    signal,
  })
  return (await res.json()) as CustomFieldRecord[]
}

export function customFieldsQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: ['/api/ghl/custom-fields', clientId],
    queryFn: ({ signal }) => getCustomFields(clientId, signal),
  })
}

/** Spec §7: enabled only when a client exists. */
export function useCustomFields(clientId: string | undefined) {
  return useQuery({ ...customFieldsQueryOptions(clientId ?? ''), enabled: Boolean(clientId) })
}
