import { type Lead, leadListSchema } from '@common/leads.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'
import { urlFromQueryKey } from '@/lib/query-client.ts'

/**
 * The client's newest lead (GET /api/leads?clientId=…&limit=1), which the playbook's previews
 * fill their placeholders from. `sort` is spelled out so the key differs from the inbox's
 * one-row count query; the answer is wrapped, since the inbox's live updates read every cached
 * lead list as an object.
 */
export function newestLeadQueryOptions(clientId: string) {
  const key = ['/api/leads', { clientId, limit: '1', sort: 'activity' }] as const
  return queryOptions({
    queryKey: key,
    queryFn: async ({ signal }): Promise<{ lead: Lead | null }> => {
      const leads = await apiJson('GET', urlFromQueryKey(key), leadListSchema, undefined, { signal })
      return { lead: leads[0] ?? null }
    },
  })
}

export function useNewestLead(clientId: string) {
  return useQuery(newestLeadQueryOptions(clientId))
}
