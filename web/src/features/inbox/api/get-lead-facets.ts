import { type LeadFacets, leadFacetsSchema } from '@common/leads.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'
import { urlFromQueryKey } from '@/lib/query-client.ts'

/** GET /api/leads/facets: job types and availability values of the visible leads. */
export async function getLeadFacets(clientId: string | undefined, signal?: AbortSignal): Promise<LeadFacets> {
  return apiJson('GET', urlFromQueryKey(['/api/leads/facets', { clientId }]), leadFacetsSchema, undefined, {
    signal,
  })
}

export function leadFacetsQueryOptions(clientId: string | undefined) {
  return queryOptions({
    queryKey: ['/api/leads/facets', { clientId }],
    queryFn: ({ signal }) => getLeadFacets(clientId, signal),
  })
}

export function useLeadFacets(clientId: string | undefined) {
  return useQuery(leadFacetsQueryOptions(clientId))
}
