import { type AlertChannel, alertChannelSchema, type UpdateAlertChannelInput } from '@common/alerts.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { alertChannelsQueryOptions } from '@/features/alerts/api/get-alert-channels.ts'
import { apiJson } from '@/lib/api-client.ts'

/** PUT /api/alert-channels/{id}: a field left out stays as it is (a URL target is never shown again). */
export async function updateAlertChannel(id: string, input: UpdateAlertChannelInput): Promise<AlertChannel> {
  return apiJson('PUT', `/api/alert-channels/${encodeURIComponent(id)}`, alertChannelSchema, input)
}

export function useUpdateAlertChannel() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateAlertChannelInput }) =>
      updateAlertChannel(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertChannelsQueryOptions().queryKey }),
  })
}
