import { useMutation, useQueryClient } from '@tanstack/react-query'
import { clientsQueryOptions } from '@/features/clients/api/get-clients.ts'
import { apiRequest } from '@/lib/api-client.ts'

export interface SubscribeWebhookInput {
  clientId: string
  businessId: string
}

export interface SubscribeWebhookResult {
  success: true
  businessId: string
  webhookSubscribed: true
}

/** POST /api/subscribe-webhook: subscribes the business to Yelp webhooks and stores its id. */
export async function subscribeWebhook(input: SubscribeWebhookInput): Promise<SubscribeWebhookResult> {
  const res = await apiRequest('POST', '/api/subscribe-webhook', {
    businessId: input.businessId,
    clientId: input.clientId,
  })
  return (await res.json()) as SubscribeWebhookResult
}

export function useSubscribeWebhook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: subscribeWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryOptions().queryKey }),
  })
}
