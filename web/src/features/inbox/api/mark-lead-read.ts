import { type LeadReadAnswer, leadReadAnswerSchema } from '@common/leads.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'

/**
 * POST /api/leads/{leadId}/read (docs/decisions/0012): the person opened the lead and saw `eventId`, its
 * newest consumer message; the engine marks it read on Yelp.
 */
export async function markLeadRead(leadId: string, eventId: string): Promise<LeadReadAnswer> {
  return apiJson('POST', `/api/leads/${encodeURIComponent(leadId)}/read`, leadReadAnswerSchema, { eventId })
}

export function useMarkLeadRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ leadId, eventId }: { leadId: string; eventId: string }) => markLeadRead(leadId, eventId),
    // The card and the details show "read" pending at once; the live events bring Yelp's confirmation.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/leads'] }),
  })
}
