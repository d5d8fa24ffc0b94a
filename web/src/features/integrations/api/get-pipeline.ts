import { type PipelineAnswer, pipelineAnswerSchema } from '@common/pipeline.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'

/** GET /api/clients/{clientId}/pipeline: the client's status → stage mapping (off when never saved). */
export async function getPipeline(clientId: string, signal?: AbortSignal): Promise<PipelineAnswer> {
  return apiJson(
    'GET',
    `/api/clients/${encodeURIComponent(clientId)}/pipeline`,
    pipelineAnswerSchema,
    undefined,
    {
      signal,
    },
  )
}

export function pipelineQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: ['/api/clients', clientId, 'pipeline'],
    queryFn: ({ signal }) => getPipeline(clientId, signal),
  })
}

export function usePipeline(clientId: string) {
  return useQuery(pipelineQueryOptions(clientId))
}
