import type { ClientView } from '@common/clients.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { clientsQueryOptions } from '@/features/clients/api/get-clients.ts'
import { apiRequest } from '@/lib/api-client.ts'

/** POST /api/clients/{clientId}/onboarding-link: a new link, valid 7 days; the old one stops working. */
export async function issueOnboardingLink(clientId: string): Promise<ClientView> {
  const res = await apiRequest('POST', `/api/clients/${encodeURIComponent(clientId)}/onboarding-link`)
  return (await res.json()) as ClientView
}

export function useIssueOnboardingLink() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: issueOnboardingLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryOptions().queryKey }),
  })
}
