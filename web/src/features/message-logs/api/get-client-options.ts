import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiRequest } from '@/lib/api-client.ts'

const clientOptionsSchema = z.array(z.object({ clientId: z.string(), name: z.string() }))
export type ClientOption = z.infer<typeof clientOptionsSchema>[number]

/** GET /api/clients, read for the Client filter's choices only (spec §3.2 "Client (reference)"). */
export async function getClientOptions(signal?: AbortSignal): Promise<ClientOption[]> {
  const res = await apiRequest('GET', '/api/clients', undefined, { signal })
  return clientOptionsSchema.parse(await res.json())
}

export function clientOptionsQueryOptions() {
  return queryOptions({ queryKey: ['clients', 'options'], queryFn: ({ signal }) => getClientOptions(signal) })
}

export function useClientOptions(enabled: boolean) {
  return useQuery({ ...clientOptionsQueryOptions(), enabled })
}
