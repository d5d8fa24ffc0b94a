import { type DeleteCustomFieldsResult, deleteCustomFieldsResultSchema } from '@common/custom-fields.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { clientsQueryOptions } from '@/features/integrations/api/get-client.ts'
import { customFieldsQueryOptions } from '@/features/integrations/api/get-custom-fields.ts'
import { apiJson } from '@/lib/api-client.ts'

/** POST /api/clients/{clientId}/ghl/delete-custom-fields: removes every custom field it created. */
export async function deleteCustomFields(clientId: string): Promise<DeleteCustomFieldsResult> {
  return apiJson(
    'POST',
    `/api/clients/${encodeURIComponent(clientId)}/ghl/delete-custom-fields`,
    deleteCustomFieldsResultSchema,
  )
}

export function useDeleteCustomFields() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteCustomFields,
    onSettled: (_data, _error, clientId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customFieldsQueryOptions(clientId).queryKey }),
        queryClient.invalidateQueries({ queryKey: clientsQueryOptions().queryKey }),
      ]),
  })
}
