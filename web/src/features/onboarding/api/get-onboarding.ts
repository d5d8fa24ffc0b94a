import { type OnboardingView, onboardingViewSchema } from '@common/onboarding.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'

/** GET /api/onboard/{clientId}?token=: what the public onboarding page may show; 403 for a bad token. */
export async function getOnboarding(
  clientId: string,
  token: string,
  signal?: AbortSignal,
): Promise<OnboardingView> {
  return apiJson(
    'GET',
    `/api/onboard/${encodeURIComponent(clientId)}?${new URLSearchParams({ token })}`,
    onboardingViewSchema,
    undefined,
    { signal },
  )
}

export function onboardingQueryOptions(clientId: string, token: string) {
  return queryOptions({
    queryKey: ['/api/onboard', clientId, { token }],
    queryFn: ({ signal }) => getOnboarding(clientId, token, signal),
  })
}

/**
 * The client connects each account in a provider's tab and comes back here: this one query
 * refetches whenever the page regains focus (global queries never do, docs/spec/dashboard-spec.md §7).
 */
export function useOnboarding(clientId: string, token: string) {
  return useQuery({
    ...onboardingQueryOptions(clientId, token),
    enabled: token !== '',
    refetchOnWindowFocus: 'always',
  })
}
