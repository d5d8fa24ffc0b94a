import { useMutation, useQueryClient } from '@tanstack/react-query'
import { clientsQueryOptions } from '@/features/clients/api/get-clients.ts'
import { apiRequest } from '@/lib/api-client.ts'

export interface SaveGhlApiKeyInput {
  clientId: string
  locationApiKey: string
  /** The mobile modal may send the key alone. */
  locationId?: string
}

export interface SaveGhlApiKeyResult {
  success: true
  hasApiKey: true
  locationId: string
}

/** POST /api/clients/{clientId}/ghl/api-key: the server checks the key with GHL before saving it. */
export async function saveGhlApiKey({ clientId, ...body }: SaveGhlApiKeyInput): Promise<SaveGhlApiKeyResult> {
  const res = await apiRequest('POST', `/api/clients/${encodeURIComponent(clientId)}/ghl/api-key`, body)
  return (await res.json()) as SaveGhlApiKeyResult
}

export function useSaveGhlApiKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveGhlApiKey,
    // The list, and the per-client GHL status under the same key prefix.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryOptions().queryKey }),
  })
}
