import { type ActivityHour, activitySchema } from '@common/stats.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'
import { LIVE_REFRESH_MS } from '@/lib/paged-fetch.ts'

/** GET /api/stats/activity: messages per hour, last 24 hours, inbound and outbound. */
export async function getActivity(signal?: AbortSignal): Promise<ActivityHour[]> {
  return apiJson('GET', '/api/stats/activity', activitySchema, undefined, { signal })
}

// Led by 'stats': whatever refreshes the stats refreshes the chart too.
export function activityQueryOptions() {
  return queryOptions({ queryKey: ['stats', 'activity'], queryFn: ({ signal }) => getActivity(signal) })
}

export function useActivity() {
  return useQuery({ ...activityQueryOptions(), refetchInterval: LIVE_REFRESH_MS * 6 })
}
