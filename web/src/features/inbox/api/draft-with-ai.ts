import { type Draft, draftSchema } from '@common/lead-automation.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'
import { leadQueryOptions } from './get-lead.ts'

/**
 * POST /api/leads/{leadId}/drafts/ai (docs/spec/product.md §9.6): 201 with a draft the model wrote
 * from the lead's conversation; 409 when no model is configured, 502 when the model failed.
 * Nothing is sent: the draft waits for a person.
 */
export async function draftWithAi(leadId: string): Promise<Draft> {
  return apiJson('POST', `/api/leads/${encodeURIComponent(leadId)}/drafts/ai`, draftSchema, {})
}

export function useDraftWithAi(leadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => draftWithAi(leadId),
    // The draft is stored with the lead (its `drafts`).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadQueryOptions(leadId).queryKey }),
  })
}
