import {
  type SubscribeWebhookResult,
  subscribeWebhookResultSchema,
  type subscribeWebhookSchema,
} from '@common/clients.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { clientsQueryOptions } from '@/features/integrations/api/get-client.ts'
import { apiJson } from '@/lib/api-client.ts'

export type SubscribeWebhookInput = z.input<typeof subscribeWebhookSchema>

/** POST /api/subscribe-webhook: subscribes the business to Yelp webhooks and stores its id. */
export async function subscribeWebhook(input: SubscribeWebhookInput): Promise<SubscribeWebhookResult> {
  return apiJson('POST', '/api/subscribe-webhook', subscribeWebhookResultSchema, {
    businessId: input.businessId,
    clientId: input.clientId,
  })
}

export function useSubscribeWebhook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: subscribeWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryOptions().queryKey }),
  })
}
