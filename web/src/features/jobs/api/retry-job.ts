import { type RetryJobResult, retryJobResultSchema } from '@common/jobs.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { failedJobsQueryOptions } from '@/features/jobs/api/get-failed-jobs.ts'
import { apiJson } from '@/lib/api-client.ts'

/** POST /api/jobs/{id}/retry: a failed job runs again; 409 when it is not failed (any more). */
export async function retryJob(id: string): Promise<RetryJobResult> {
  return apiJson('POST', `/api/jobs/${encodeURIComponent(id)}/retry`, retryJobResultSchema)
}

export function useRetryJob() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: retryJob,
    // Also after a 409: the list was out of date, so reload it either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: failedJobsQueryOptions().queryKey }),
  })
}
