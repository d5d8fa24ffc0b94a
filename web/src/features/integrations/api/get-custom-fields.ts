import { type CustomFieldRecord, customFieldListSchema } from '@common/custom-fields.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'

/** GET /api/ghl/custom-fields/{clientId}: the custom-field records created for the client. */
export async function getCustomFields(clientId: string, signal?: AbortSignal): Promise<CustomFieldRecord[]> {
  return apiJson(
    'GET',
    `/api/ghl/custom-fields/${encodeURIComponent(clientId)}`,
    customFieldListSchema,
    undefined,
    { signal },
  )
}

export function customFieldsQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: ['/api/ghl/custom-fields', clientId],
    queryFn: ({ signal }) => getCustomFields(clientId, signal),
  })
}

/** docs/spec/dashboard-spec.md §7: enabled only when a client exists. */
export function useCustomFields(clientId: string | undefined) {
  return useQuery({ ...customFieldsQueryOptions(clientId ?? ''), enabled: Boolean(clientId) })
}
