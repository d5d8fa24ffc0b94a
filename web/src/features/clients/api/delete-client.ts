import { okResponseSchema } from '@common/api.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { clientsQueryOptions } from '@/features/clients/api/get-clients.ts'
import { apiJson } from '@/lib/api-client.ts'

/** DELETE /api/clients/{clientId}: removes the client with its leads, messages and records. */
export async function deleteClient(clientId: string): Promise<void> {
  await apiJson('DELETE', `/api/clients/${encodeURIComponent(clientId)}`, okResponseSchema)
}

export function useDeleteClient() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: clientsQueryOptions().queryKey })
      void queryClient.invalidateQueries({ queryKey: ['/api/stats'] })
    },
  })
}
