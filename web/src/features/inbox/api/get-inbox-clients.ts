import { type ClientReference, clientReferenceListSchema } from '@common/leads.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'

/** GET /api/clients, read as docs/spec/dashboard-spec.md §3.2 client references (id and name) for the client selector. */
export async function getInboxClients(signal?: AbortSignal): Promise<ClientReference[]> {
  return apiJson('GET', '/api/clients', clientReferenceListSchema, undefined, { signal })
}

// The Clients screen's key: one load (and one live refresh) serves both screens.
export function inboxClientsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/clients'],
    queryFn: ({ signal }) => getInboxClients(signal),
    select: (clients: ClientReference[]) =>
      clients.map(({ clientId, name }) => ({ clientId, name })).sort((a, b) => a.name.localeCompare(b.name)),
  })
}

export function useInboxClients(options: { enabled?: boolean } = {}) {
  return useQuery({ ...inboxClientsQueryOptions(), enabled: options.enabled ?? true })
}
