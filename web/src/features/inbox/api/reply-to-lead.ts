import { type LeadReplyAnswer, leadReplyAnswerSchema } from '@common/leads.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'
import { leadQueryOptions } from './get-lead.ts'

/** POST /api/leads/{leadId}/reply (docs/spec/product.md §6.1): 202 {messageId}, sent by the engine. */
export async function replyToLead(leadId: string, text: string): Promise<LeadReplyAnswer> {
  return apiJson('POST', `/api/leads/${encodeURIComponent(leadId)}/reply`, leadReplyAnswerSchema, { text })
}

export function useReplyToLead(leadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (text: string) => replyToLead(leadId, text),
    // Shows the reply as pending at once; the live events bring sent or failed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadQueryOptions(leadId).queryKey }),
  })
}
