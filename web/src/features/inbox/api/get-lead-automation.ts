import { type AutomationStep, automationStepSchema } from '@common/lead-automation.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client.ts'
import { urlFromQueryKey } from '@/lib/query-client.ts'

const automationSchema = z.array(automationStepSchema)

/** GET /api/leads/{leadId}/automation (docs/spec/product.md §9.2): every step, oldest first. */
export async function getLeadAutomation(leadId: string, signal?: AbortSignal): Promise<AutomationStep[]> {
  return apiJson('GET', urlFromQueryKey(['/api/leads', leadId, 'automation']), automationSchema, undefined, {
    signal,
  })
}

/** Under the lead's own key: whatever refreshes the lead (a reply, a status) refreshes its history. */
export function leadAutomationQueryOptions(leadId: string) {
  return queryOptions({
    queryKey: ['/api/leads', leadId, 'automation'],
    queryFn: ({ signal }) => getLeadAutomation(leadId, signal),
  })
}

export function useLeadAutomation(leadId: string) {
  return useQuery(leadAutomationQueryOptions(leadId))
}
