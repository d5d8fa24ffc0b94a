import { type AlertChannel, alertChannelSchema } from '@common/alerts.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client.ts'

/** GET /api/alert-channels (docs/spec/product.md §9.3): never a secret; slack and webhook URLs as scheme and host. */
export async function getAlertChannels(signal?: AbortSignal): Promise<AlertChannel[]> {
  return apiJson('GET', '/api/alert-channels', z.array(alertChannelSchema), undefined, { signal })
}

export function alertChannelsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/alert-channels'],
    queryFn: ({ signal }) => getAlertChannels(signal),
  })
}

export function useAlertChannels(isEnabled = true) {
  return useQuery({ ...alertChannelsQueryOptions(), enabled: isEnabled })
}
