import { clientListSchema } from '@common/clients.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'

export interface ClientOption {
  clientId: string
  name: string
}

/** GET /api/clients, read for the Client filter's choices only (docs/spec/dashboard-spec.md §3.2 "Client (reference)"). */
export async function getClientOptions(signal?: AbortSignal): Promise<ClientOption[]> {
  const clients = await apiJson('GET', '/api/clients', clientListSchema, undefined, { signal })
  return clients.map(({ clientId, name }) => ({ clientId, name }))
}

export function clientOptionsQueryOptions() {
  return queryOptions({ queryKey: ['clients', 'options'], queryFn: ({ signal }) => getClientOptions(signal) })
}

export function useClientOptions(enabled: boolean) {
  return useQuery({ ...clientOptionsQueryOptions(), enabled })
}
