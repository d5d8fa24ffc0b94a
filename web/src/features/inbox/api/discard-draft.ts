import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client.ts'
import { leadQueryOptions } from './get-lead.ts'

/** DELETE /api/leads/{leadId}/drafts/{draftId} (docs/spec/product.md §9.2): 204, nothing is sent. */
export async function discardDraft(leadId: string, draftId: string): Promise<void> {
  await apiRequest('DELETE', `/api/leads/${encodeURIComponent(leadId)}/drafts/${encodeURIComponent(draftId)}`)
}

export function useDiscardDraft(leadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (draftId: string) => discardDraft(leadId, draftId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadQueryOptions(leadId).queryKey }),
  })
}
