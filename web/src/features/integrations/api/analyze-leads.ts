import { type LeadAnalysis, leadAnalysisSchema } from '@common/custom-fields.ts'
import { useMutation } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'

/** POST /api/clients/{clientId}/ghl/analyze-leads: what custom fields the stored leads call for. */
export async function analyzeLeads(clientId: string): Promise<LeadAnalysis> {
  return apiJson('POST', `/api/clients/${encodeURIComponent(clientId)}/ghl/analyze-leads`, leadAnalysisSchema)
}

export function useAnalyzeLeads() {
  return useMutation({ mutationFn: analyzeLeads })
}
