import { type LeadDetail, leadDetailSchema } from '@common/leads.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'
import { urlFromQueryKey } from '@/lib/query-client.ts'

/** GET /api/leads/{leadId}: the lead, its events and the replies typed in the hub. */
export async function getLead(leadId: string, signal?: AbortSignal): Promise<LeadDetail> {
  return apiJson('GET', urlFromQueryKey(['/api/leads', leadId]), leadDetailSchema, undefined, { signal })
}

export function leadQueryOptions(leadId: string) {
  return queryOptions({ queryKey: ['/api/leads', leadId], queryFn: ({ signal }) => getLead(leadId, signal) })
}

export function useLead(leadId: string | null) {
  return useQuery({ ...leadQueryOptions(leadId ?? ''), enabled: Boolean(leadId) })
}
