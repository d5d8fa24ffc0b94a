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

/** The client list. Like every global query it does not refetch on window focus (docs/spec/dashboard-spec.md §7). */
export function useClients() {
  return useQuery({ ...clientsQueryOptions(), refetchOnWindowFocus: false })
}
