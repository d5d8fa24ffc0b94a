import { type ClientView, clientViewSchema } from '@common/clients.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { clientsQueryOptions } from '@/features/integrations/api/get-client.ts'
import { apiJson } from '@/lib/api-client.ts'

/** POST /api/clients/{clientId}/onboarding-link: a new link, valid 7 days; the old one stops working. */
export async function issueOnboardingLink(clientId: string): Promise<ClientView> {
  return apiJson('POST', `/api/clients/${encodeURIComponent(clientId)}/onboarding-link`, clientViewSchema)
}

export function useIssueOnboardingLink() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: issueOnboardingLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryOptions().queryKey }),
  })
}
