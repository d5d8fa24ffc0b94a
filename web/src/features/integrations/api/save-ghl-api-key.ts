import { type ghlApiKeySchema, type SaveGhlApiKeyResult, saveGhlApiKeyResultSchema } from '@common/clients.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { clientsQueryOptions } from '@/features/integrations/api/get-client.ts'
import { apiJson } from '@/lib/api-client.ts'

/** The body of ghlApiKeySchema (the mobile modal may send the key alone) and the client it is for. */
export type SaveGhlApiKeyInput = z.input<typeof ghlApiKeySchema> & { clientId: string }

/** POST /api/clients/{clientId}/ghl/api-key: the server checks the key with GHL before saving it. */
export async function saveGhlApiKey({ clientId, ...body }: SaveGhlApiKeyInput): Promise<SaveGhlApiKeyResult> {
  return apiJson(
    'POST',
    `/api/clients/${encodeURIComponent(clientId)}/ghl/api-key`,
    saveGhlApiKeyResultSchema,
    body,
  )
}

export function useSaveGhlApiKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveGhlApiKey,
    // The list, and the per-client GHL status under the same key prefix.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryOptions().queryKey }),
  })
}
