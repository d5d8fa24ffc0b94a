import { type HubReply, hubReplySchema } from '@common/leads.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'
import { leadQueryOptions } from './get-lead.ts'

/** POST /api/leads/{leadId}/replies/{messageId}/retry: a failed reply queued again. */
export async function retryReply(leadId: string, messageId: number): Promise<HubReply> {
  return apiJson(
    'POST',
    `/api/leads/${encodeURIComponent(leadId)}/replies/${messageId}/retry`,
    hubReplySchema,
  )
}

export function useRetryReply(leadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (messageId: number) => retryReply(leadId, messageId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadQueryOptions(leadId).queryKey }),
  })
}
