import { type ClientView, type CreateClientInput, clientViewSchema } from '@common/clients.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { clientsQueryOptions } from '@/features/clients/api/get-clients.ts'
import { ApiError, apiJson } from '@/lib/api-client.ts'

/** docs/spec/dashboard-spec.md §9: the list (and stats) refresh this long after a client is created. */
export const CLIENT_LIST_REFRESH_DELAY_MS = 500

/** docs/spec/dashboard-spec.md §8: a 401 on this path becomes 'Authentication required'. */
export const AUTHENTICATION_REQUIRED = 'Authentication required'

/** POST /api/clients: 201 with the created client; 409 when the clientId is taken. */
export async function createClient(input: CreateClientInput): Promise<ClientView> {
  try {
    return await apiJson('POST', '/api/clients', clientViewSchema, input)
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      console.warn('Creating a client answered 401: the session has ended')
      throw new Error(AUTHENTICATION_REQUIRED)
    }
    throw error
  }
}

export function useCreateClient() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => {
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: clientsQueryOptions().queryKey })
        void queryClient.invalidateQueries({ queryKey: ['/api/stats'] })
      }, CLIENT_LIST_REFRESH_DELAY_MS)
    },
  })
}
