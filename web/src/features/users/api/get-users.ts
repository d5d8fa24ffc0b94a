import type { ListedUser } from '@common/users.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client.ts'

/** GET /api/users: every user with their client assignments (never a password). */
export async function getUsers(signal?: AbortSignal): Promise<ListedUser[]> {
  const res = await apiRequest('GET', '/api/users', undefined, { signal })
  return (await res.json()) as ListedUser[]
}

export function usersQueryOptions() {
  return queryOptions({
    queryKey: ['/api/users'],
    queryFn: ({ signal }) => getUsers(signal),
  })
}

export function useUsers() {
  return useQuery(usersQueryOptions())
}
