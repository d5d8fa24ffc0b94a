import {
  type CreateCustomFieldsResult,
  createCustomFieldsResultSchema,
  type LeadAnalysis,
} from '@common/custom-fields.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { clientsQueryOptions } from '@/features/integrations/api/get-client.ts'
import { customFieldsQueryOptions } from '@/features/integrations/api/get-custom-fields.ts'
import { apiJson } from '@/lib/api-client.ts'

/** POST /api/clients/{clientId}/ghl/create-custom-fields with the lead analysis as body. */
export async function createCustomFields(input: {
  clientId: string
  analysis: LeadAnalysis
}): Promise<CreateCustomFieldsResult> {
  return apiJson(
    'POST',
    `/api/clients/${encodeURIComponent(input.clientId)}/ghl/create-custom-fields`,
    createCustomFieldsResultSchema,
    input.analysis,
  )
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
