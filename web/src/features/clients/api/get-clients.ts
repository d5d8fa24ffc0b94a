import { type ClientView, clientListSchema } from '@common/clients.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'

/** GET /api/clients: every client the caller may see, with connection status and no secrets. */
export async function getClients(signal?: AbortSignal): Promise<ClientView[]> {
  return apiJson('GET', '/api/clients', clientListSchema, undefined, { signal })
}

export function clientsQueryOptions() {
  return queryOptions({ queryKey: ['/api/clients'], queryFn: ({ signal }) => getClients(signal) })
}

/**
 * The client list. `refetchOnFocus` is for the screens where the operator leaves for a
 * provider's consent page and comes back: global queries never refetch on focus (docs/spec/dashboard-spec.md §7).
 */
export function useClients(options: { refetchOnFocus?: boolean } = {}) {
  return useQuery({
    ...clientsQueryOptions(),
    refetchOnWindowFocus: options.refetchOnFocus ? 'always' : false,
  })
}

/** One client of the list, or undefined while loading or when it is gone. */
export function useClient(clientId: string | null, options: { refetchOnFocus?: boolean } = {}) {
  const query = useClients(options)
  const client = clientId ? query.data?.find((c) => c.clientId === clientId) : undefined
  return { ...query, client }
}
