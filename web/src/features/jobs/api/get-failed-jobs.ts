import { type JobView, jobListSchema } from '@common/jobs.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'
import { urlFromQueryKey } from '@/lib/query-client.ts'

export const FAILED_JOBS_LIMIT = 50

/** GET /api/jobs?state=failed&limit=50: dead jobs, newest first, of the clients the caller sees. */
export async function getFailedJobs(signal?: AbortSignal): Promise<JobView[]> {
  const { queryKey } = failedJobsQueryOptions()
  return apiJson('GET', urlFromQueryKey(queryKey), jobListSchema, undefined, { signal })
}

export function failedJobsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/jobs', { state: 'failed', limit: FAILED_JOBS_LIMIT }],
    queryFn: ({ signal }) => getFailedJobs(signal),
  })
}

/** Reloaded whenever the card is shown: jobs die while the operator is elsewhere. */
export function useFailedJobs() {
  return useQuery({ ...failedJobsQueryOptions(), refetchOnMount: 'always' })
}
