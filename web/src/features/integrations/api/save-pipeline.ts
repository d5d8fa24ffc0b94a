import { type PipelineSettings, pipelineSettingsSchema } from '@common/pipeline.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { pipelineQueryOptions } from '@/features/integrations/api/get-pipeline.ts'
import { apiJson } from '@/lib/api-client.ts'

/** PUT /api/clients/{clientId}/pipeline: 400 naming an unknown pipeline or stage. */
export async function savePipeline(clientId: string, settings: PipelineSettings): Promise<PipelineSettings> {
  return apiJson(
    'PUT',
    `/api/clients/${encodeURIComponent(clientId)}/pipeline`,
    pipelineSettingsSchema,
    settings,
  )
}

export function useSavePipeline(clientId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (settings: PipelineSettings) => savePipeline(clientId, settings),
    onSuccess: (saved) => queryClient.setQueryData(pipelineQueryOptions(clientId).queryKey, saved),
  })
}
