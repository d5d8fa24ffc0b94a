import { type ProviderAlertList, providerAlertsSchema } from '@common/stats.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'

/** GET /api/provider-alerts: what only the server's operator can fix (docs/decisions/0017). */
export async function getProviderAlerts(signal?: AbortSignal): Promise<ProviderAlertList> {
  return apiJson('GET', '/api/provider-alerts', providerAlertsSchema, undefined, { signal })
}

export function providerAlertsQueryOptions() {
  return queryOptions({ queryKey: ['provider-alerts'], queryFn: ({ signal }) => getProviderAlerts(signal) })
}

/** Re-read every 30 s, as the header's health is: an alert rises and clears without a page event. */
export function useProviderAlerts() {
  return useQuery({ ...providerAlertsQueryOptions(), refetchInterval: 30_000 })
}
