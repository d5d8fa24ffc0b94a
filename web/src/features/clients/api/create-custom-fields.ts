import type { CustomFieldRecord, LeadAnalysis } from '@common/clients.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { clientsQueryOptions } from '@/features/clients/api/get-clients.ts'
import { customFieldsQueryOptions } from '@/features/clients/api/get-custom-fields.ts'
import { apiRequest } from '@/lib/api-client.ts'

export interface CreateCustomFieldsResult {
  fieldsCreated: number
  /** Fields of the analysis that GoHighLevel already had; not created again. */
  fieldsExisting: number
  fields: CustomFieldRecord[]
}

/** POST /api/clients/{clientId}/ghl/create-custom-fields with the lead analysis as body. */
export async function createCustomFields(input: {
  clientId: string
  analysis: LeadAnalysis
}): Promise<CreateCustomFieldsResult> {
  const res = await apiRequest(
    'POST',
    `/api/clients/${encodeURIComponent(input.clientId)}/ghl/create-custom-fields`,
    input.analysis,
  )
  return (await res.json()) as CreateCustomFieldsResult
}

export function useCreateCustomFields() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createCustomFields,
    // Status moves to 'configured' or 'error' either way.
    onSettled: (_data, _error, { clientId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customFieldsQueryOptions(clientId).queryKey }),
        queryClient.invalidateQueries({ queryKey: clientsQueryOptions().queryKey }),
      ]),
  })
}
