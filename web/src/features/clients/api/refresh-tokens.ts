import type { TokenRefreshOutcome } from '@common/clients.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { clientsQueryOptions } from '@/features/clients/api/get-clients.ts'
import { apiRequest } from '@/lib/api-client.ts'

export interface TokenRefreshResult {
  yelp: TokenRefreshOutcome
  ghl: TokenRefreshOutcome
}

/** POST /api/clients/{clientId}/refresh-tokens: refreshes both providers' tokens now (PRODUCT.md §2). */
export async function refreshTokens(clientId: string): Promise<TokenRefreshResult> {
  const res = await apiRequest('POST', `/api/clients/${encodeURIComponent(clientId)}/refresh-tokens`)
  return (await res.json()) as TokenRefreshResult
}

export function useRefreshTokens() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: refreshTokens,
    // Expiry and 'needs re-auth' change whatever the outcome.
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientsQueryOptions().queryKey }),
  })
}
