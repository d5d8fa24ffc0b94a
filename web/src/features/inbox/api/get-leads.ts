import { type LeadsQueryParams, leadListSchema } from '@common/leads.ts'
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import type { LeadPage } from '@/features/inbox/utils/lead-pages.ts'
import { apiRequest } from '@/lib/api-client.ts'
import { urlFromQueryKey } from '@/lib/query-client.ts'
import { parseListResponse } from '@/lib/sliced-parse.ts'

export type { LeadPage }

export const LEADS_PAGE_SIZE = 200

/** GET /api/leads (docs/spec/product.md §6.1): one page, newest activity first. */
export async function getLeads(params: LeadsQueryParams, signal?: AbortSignal): Promise<LeadPage> {
  const url = urlFromQueryKey(['/api/leads', params])
  const res = await apiRequest('GET', url, undefined, { signal })
  const total = Number(res.headers.get('x-total-count') ?? '0')
  return {
    // The page is the body; the total and the next cursor travel in headers. Checked in slices:
    // one parse of 200 leads would be a long task the moment a page arrives while scrolling.
    leads: await parseListResponse(res, leadListSchema, { method: 'GET', url }),
    total: Number.isFinite(total) ? total : 0,
    nextCursor: res.headers.get('x-next-cursor'),
  }
}

/** Every page of one filter set, loaded as the list scrolls. */
export function leadsQueryOptions(params: LeadsQueryParams) {
  return infiniteQueryOptions({
    queryKey: ['/api/leads', { ...params, limit: String(LEADS_PAGE_SIZE) }],
    queryFn: ({ pageParam, signal }) =>
      getLeads(
        { ...params, limit: String(LEADS_PAGE_SIZE), ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      ),
    initialPageParam: '',
    getNextPageParam: (last: LeadPage) => last.nextCursor ?? undefined,
  })
}

export function useLeads(params: LeadsQueryParams) {
  return useInfiniteQuery(leadsQueryOptions(params))
}

/**
 * How many leads a filter set matches, read from a one-row page's X-Total-Count. The inbox's live
 * updates keep these fresh (live-lead-updates.ts: a number under /api/leads is a count).
 */
export function leadCountQueryOptions(filters: LeadsQueryParams) {
  const params: LeadsQueryParams = { ...filters, limit: '1' }
  return queryOptions({
    queryKey: ['/api/leads', params],
    queryFn: async ({ signal }) => (await getLeads(params, signal)).total,
  })
}

/** 'X of Y leads': Y counts the selected client's visible leads without filters. */
export function leadTotalQueryOptions(clientId: string | undefined) {
  return leadCountQueryOptions(clientId ? { clientId } : {})
}

export function useLeadTotal(clientId: string | undefined) {
  return useQuery(leadTotalQueryOptions(clientId))
}

/** docs/spec/product.md §9.1: the leads awaiting a reply ("Needs reply", the sidebar's count). */
export function useWaitingLeadCount(clientId?: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...leadCountQueryOptions({ ...(clientId ? { clientId } : {}), needsReply: 'true' }),
    enabled: options.enabled ?? true,
  })
}

/** The leads with a draft waiting for a person ("Draft ready"). */
export function useDraftReadyCount(clientId?: string) {
  return useQuery(leadCountQueryOptions({ ...(clientId ? { clientId } : {}), hasDraft: 'true' }))
}
