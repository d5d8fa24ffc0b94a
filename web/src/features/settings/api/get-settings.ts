import { type Setting, settingsListSchema } from '@common/settings.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'

/** GET /api/settings: the eleven settings (the webhook secret only as `configured`). */
export async function getSettings(signal?: AbortSignal): Promise<Setting[]> {
  return apiJson('GET', '/api/settings', settingsListSchema, undefined, { signal })
}

export function settingsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/settings'],
    queryFn: ({ signal }) => getSettings(signal),
  })
}

export function useSettings() {
  return useQuery(settingsQueryOptions())
}
