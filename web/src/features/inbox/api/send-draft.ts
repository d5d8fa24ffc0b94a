import { type LeadReplyAnswer, leadReplyAnswerSchema } from '@common/leads.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'
import { leadQueryOptions } from './get-lead.ts'

/**
 * POST /api/leads/{leadId}/drafts/{draftId}/send (docs/spec/product.md §9.2): 202 {messageId},
 * sent through the inbox reply path. `text` only when the operator changed the draft.
 */
export async function sendDraft(leadId: string, draftId: string, text?: string): Promise<LeadReplyAnswer> {
  return apiJson(
    'POST',
    `/api/leads/${encodeURIComponent(leadId)}/drafts/${encodeURIComponent(draftId)}/send`,
    leadReplyAnswerSchema,
    text === undefined ? {} : { text },
  )
}

export function useSendDraft(leadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ draftId, text }: { draftId: string; text?: string }) => sendDraft(leadId, draftId, text),
    // The draft leaves `drafts` and shows as a pending reply; the history gets its step.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadQueryOptions(leadId).queryKey }),
  })
}
