import { type CreateFieldsResult, createFieldsResultSchema } from '@common/custom-fields.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { clientsQueryOptions } from '@/features/integrations/api/get-client.ts'
import { customFieldsQueryOptions } from '@/features/integrations/api/get-custom-fields.ts'
import { apiJson } from '@/lib/api-client.ts'

/** POST /api/clients/{clientId}/ghl/create-fields: the mobile modal's field creation. */
export async function createFields(input: {
  clientId: string
  surveyQuestions: string[]
}): Promise<CreateFieldsResult> {
  return apiJson(
    'POST',
    `/api/clients/${encodeURIComponent(input.clientId)}/ghl/create-fields`,
    createFieldsResultSchema,
    { surveyQuestions: input.surveyQuestions },
  )
}

export function useCreateFields() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createFields,
    onSettled: (_data, _error, { clientId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customFieldsQueryOptions(clientId).queryKey }),
        queryClient.invalidateQueries({ queryKey: clientsQueryOptions().queryKey }),
      ]),
  })
}
