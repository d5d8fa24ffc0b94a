import { type ClientView, clientListSchema } from '@common/clients.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'

export type ClientChoice = Pick<ClientView, 'clientId' | 'name'>

/** GET /api/clients: the clients the signed-in user may see (docs/spec/dashboard-spec.md §7). */
export async function getClients(signal?: AbortSignal): Promise<ClientView[]> {
  return apiJson('GET', '/api/clients', clientListSchema, undefined, { signal })
}

function toChoices(clients: ClientView[]): ClientChoice[] {
  return clients
    .map(({ clientId, name }) => ({ clientId, name }))
    .sort((a, b) => a.name.localeCompare(b.name))
}

// The same key and data as the Clients screen's list, so either screen's load or invalidation
// serves both; this view only selects what the assign dialog offers.
export function clientChoicesQueryOptions() {
  return queryOptions({
    queryKey: ['/api/clients'],
    queryFn: ({ signal }) => getClients(signal),
    select: toChoices,
  })
}

/** Loaded each time the assign dialog opens, so clients added meanwhile are offered. */
export function useClientChoices() {
  return useQuery({ ...clientChoicesQueryOptions(), refetchOnMount: 'always' })
}
