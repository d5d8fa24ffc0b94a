import {
  type CreateAlertChannelInput,
  type CreatedAlertChannel,
  createdAlertChannelSchema,
} from '@common/alerts.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { alertChannelsQueryOptions } from '@/features/alerts/api/get-alert-channels.ts'
import { apiJson } from '@/lib/api-client.ts'

/** POST /api/alert-channels: 201 with the channel, and a webhook channel's `secret`, this once. */
export async function createAlertChannel(input: CreateAlertChannelInput): Promise<CreatedAlertChannel> {
  return apiJson('POST', '/api/alert-channels', createdAlertChannelSchema, input)
}

export function useCreateAlertChannel() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createAlertChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertChannelsQueryOptions().queryKey }),
  })
}
