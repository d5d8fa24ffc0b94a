import { type TokenRefreshResult, tokenRefreshResultSchema } from '@common/clients.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { clientsQueryOptions } from '@/features/clients/api/get-clients.ts'
import { apiJson } from '@/lib/api-client.ts'

/** POST /api/clients/{clientId}/refresh-tokens: refreshes both providers' tokens now (docs/spec/product.md §2). */
export async function refreshTokens(clientId: string): Promise<TokenRefreshResult> {
  return apiJson(
    'POST',
    `/api/clients/${encodeURIComponent(clientId)}/refresh-tokens`,
    tokenRefreshResultSchema,
  )
}

export function useRefreshTokens() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: refreshTokens,
    // Expiry and 'needs re-auth' change whatever the outcome.
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientsQueryOptions().queryKey }),
  })
}
