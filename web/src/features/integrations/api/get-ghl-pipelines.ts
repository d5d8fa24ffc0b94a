import { type GhlPipelineView, ghlPipelineListSchema } from '@common/pipeline.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'

/**
 * GET /api/clients/{clientId}/ghl/pipelines: the location's pipelines, read from GoHighLevel
 * (docs/spec/product.md §9.4); 409 "reconnect GHL to enable the pipeline" for a connection made
 * before the hub asked for the opportunities scopes.
 */
export async function getGhlPipelines(clientId: string, signal?: AbortSignal): Promise<GhlPipelineView[]> {
  return apiJson(
    'GET',
    `/api/clients/${encodeURIComponent(clientId)}/ghl/pipelines`,
    ghlPipelineListSchema,
    undefined,
    { signal },
  )
}

export function ghlPipelinesQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: ['/api/clients', clientId, 'ghl-pipelines'],
    queryFn: ({ signal }) => getGhlPipelines(clientId, signal),
    // A 409 (reconnect) or a 502 is shown at once; asking again would not change it.
    retry: false,
  })
}

export function useGhlPipelines(clientId: string, enabled = true) {
  return useQuery({ ...ghlPipelinesQueryOptions(clientId), enabled })
}
