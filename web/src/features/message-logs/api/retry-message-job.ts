import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiRequest } from '@/lib/api-client.ts'

const retriedSchema = z.object({ ok: z.literal(true), id: z.string(), state: z.literal('retry') })

/** POST /api/jobs/{id}/retry: the dead job that delivers a message in error runs again. */
export async function retryMessageJob(jobId: string) {
  const res = await apiRequest('POST', `/api/jobs/${encodeURIComponent(jobId)}/retry`)
  return retriedSchema.parse(await res.json())
}

export function useRetryMessageJob() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: retryMessageJob,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['messages'] }),
  })
}
