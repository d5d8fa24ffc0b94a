import { type ActivityHour, activitySchema } from '@common/stats.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'
import { FALLBACK_REFRESH_MS, useLiveRefetchInterval } from '@/lib/live-stream.ts'

/** GET /api/stats/activity: messages per hour, last 24 hours, inbound and outbound. */
export async function getActivity(signal?: AbortSignal): Promise<ActivityHour[]> {
  return apiJson('GET', '/api/stats/activity', activitySchema, undefined, { signal })
}

export function activityQueryOptions() {
  return queryOptions({ queryKey: ['/api/stats/activity'], queryFn: ({ signal }) => getActivity(signal) })
}

export function useActivity() {
  return useQuery({
    ...activityQueryOptions(),
    refetchInterval: useLiveRefetchInterval(FALLBACK_REFRESH_MS * 2),
  })
}
