import type { LeadAnalysis } from '@common/clients.ts'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client.ts'

/** POST /api/clients/{clientId}/ghl/analyze-leads: what custom fields the stored leads call for. */
export async function analyzeLeads(clientId: string): Promise<LeadAnalysis> {
  const res = await apiRequest('POST', `/api/clients/${encodeURIComponent(clientId)}/ghl/analyze-leads`)
  return (await res.json()) as LeadAnalysis
}

export function useAnalyzeLeads() {
  return useMutation({ mutationFn: analyzeLeads })
}
