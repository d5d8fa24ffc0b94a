import { useMutation, useQueryClient } from '@tanstack/react-query'
import { clientsQueryOptions } from '@/features/clients/api/get-clients.ts'
import { customFieldsQueryOptions } from '@/features/clients/api/get-custom-fields.ts'
import { apiRequest } from '@/lib/api-client.ts'

/** POST /api/clients/{clientId}/ghl/create-fields: the mobile modal's field creation. */
export async function createFields(input: {
  clientId: string
  surveyQuestions: string[]
}): Promise<{ fieldMapping: Record<string, string> }> {
  const res = await apiRequest(
    'POST',
    `/api/clients/${encodeURIComponent(input.clientId)}/ghl/create-fields`,
    {
      surveyQuestions: input.surveyQuestions,
    },
  )
  return (await res.json()) as { fieldMapping: Record<string, string> }
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
