import type { ClientView } from '@common/clients.ts'

/** docs/spec/dashboard-spec.md §2.5: a case-insensitive substring match on the client's name or clientId. */
export function filterClients<T extends Pick<ClientView, 'name' | 'clientId'>>(
  clients: T[],
  search: string,
): T[] {
  const needle = search.trim().toLowerCase()
  if (!needle) return clients
  return clients.filter(
    (client) => client.name.toLowerCase().includes(needle) || client.clientId.toLowerCase().includes(needle),
  )
}
