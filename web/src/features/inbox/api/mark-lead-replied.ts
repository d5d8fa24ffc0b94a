import { type LeadRepliedAnswer, leadRepliedAnswerSchema, type ReplyType } from '@common/leads.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'

/** POST /api/leads/{leadId}/replied (docs/decisions/0012): the business answered by phone or email. */
export async function markLeadReplied(leadId: string, replyType: ReplyType): Promise<LeadRepliedAnswer> {
  return apiJson('POST', `/api/leads/${encodeURIComponent(leadId)}/replied`, leadRepliedAnswerSchema, {
    replyType,
  })
}

export function useMarkLeadReplied() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ leadId, replyType }: { leadId: string; replyType: ReplyType }) =>
      markLeadReplied(leadId, replyType),
    // The status (contacted) and the timeline entry change: the list and the open lead refresh.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/leads'] }),
  })
}
