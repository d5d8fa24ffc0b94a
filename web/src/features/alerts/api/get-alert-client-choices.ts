import { clientListSchema } from '@common/clients.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'

export interface AlertClientChoice {
  clientId: string
  name: string
}

/** GET /api/clients, read for the channel's client choices and the history's Client filter. */
export async function getAlertClientChoices(signal?: AbortSignal): Promise<AlertClientChoice[]> {
  const clients = await apiJson('GET', '/api/clients', clientListSchema, undefined, { signal })
  return clients.map(({ clientId, name }) => ({ clientId, name }))
}

export function alertClientChoicesQueryOptions() {
  return queryOptions({
    queryKey: ['clients', 'alert-choices'],
    queryFn: ({ signal }) => getAlertClientChoices(signal),
  })
}

export function useAlertClientChoices(isEnabled: boolean) {
  return useQuery({ ...alertClientChoicesQueryOptions(), enabled: isEnabled })
}
