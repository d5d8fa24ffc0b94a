import { okResponseSchema } from '@common/api.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { alertChannelsQueryOptions } from '@/features/alerts/api/get-alert-channels.ts'
import { apiJson } from '@/lib/api-client.ts'

/** DELETE /api/alert-channels/{id}: its alert history goes with it. */
export async function deleteAlertChannel(id: string): Promise<void> {
  await apiJson('DELETE', `/api/alert-channels/${encodeURIComponent(id)}`, okResponseSchema)
}

export function useDeleteAlertChannel() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteAlertChannel,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: alertChannelsQueryOptions().queryKey })
      void queryClient.invalidateQueries({ queryKey: ['/api/alerts'] })
    },
  })
}
