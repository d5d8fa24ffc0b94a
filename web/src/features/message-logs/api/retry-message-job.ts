import { type RetryJobResult, retryJobResultSchema } from '@common/jobs.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'

/** POST /api/jobs/{id}/retry: the dead job that delivers a message in error runs again. */
export async function retryMessageJob(jobId: string): Promise<RetryJobResult> {
  return apiJson('POST', `/api/jobs/${encodeURIComponent(jobId)}/retry`, retryJobResultSchema)
}

export function useRetryMessageJob() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: retryMessageJob,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['/api/messages'] }),
  })
}
