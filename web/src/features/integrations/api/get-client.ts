import { type ClientView, clientListSchema } from '@common/clients.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'

/** GET /api/clients: every client the caller may see; the setup screens pick one from it. */
export async function getClients(signal?: AbortSignal): Promise<ClientView[]> {
  return apiJson('GET', '/api/clients', clientListSchema, undefined, { signal })
}

// The Clients screen's key and data: a setup change invalidates this key, so the list behind the
// dialog shows the new connection state too, and one load serves both.
export function clientsQueryOptions() {
  return queryOptions({ queryKey: ['/api/clients'], queryFn: ({ signal }) => getClients(signal) })
}

/**
 * One client, or undefined while loading or when it is gone. `refetchOnFocus` is for the dialogs
 * the operator leaves for a provider's consent page: global queries never refetch on focus
 * (docs/spec/dashboard-spec.md §7).
 */
export function useClient(clientId: string | null, options: { refetchOnFocus?: boolean } = {}) {
  const query = useQuery({
    ...clientsQueryOptions(),
    refetchOnWindowFocus: options.refetchOnFocus ? 'always' : false,
  })
  const client = clientId ? query.data?.find((c) => c.clientId === clientId) : undefined
  return { ...query, client }
}
