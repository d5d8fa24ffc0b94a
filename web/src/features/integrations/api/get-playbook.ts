import { type Playbook, playbookSchema } from '@common/playbook.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'
import { urlFromQueryKey } from '@/lib/query-client.ts'

/** GET /api/clients/{clientId}/playbook (docs/spec/product.md §9.2): the defaults until saved. */
export async function getPlaybook(clientId: string, signal?: AbortSignal): Promise<Playbook> {
  return apiJson('GET', urlFromQueryKey(['/api/clients', clientId, 'playbook']), playbookSchema, undefined, {
    signal,
  })
}

export function playbookQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: ['/api/clients', clientId, 'playbook'],
    queryFn: ({ signal }) => getPlaybook(clientId, signal),
  })
}

export function usePlaybook(clientId: string) {
  return useQuery(playbookQueryOptions(clientId))
}
