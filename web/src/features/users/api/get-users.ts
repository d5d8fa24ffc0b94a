import { type ListedUser, userListSchema } from '@common/users.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'

/** GET /api/users: every user with their client assignments (never a password). */
export async function getUsers(signal?: AbortSignal): Promise<ListedUser[]> {
  return apiJson('GET', '/api/users', userListSchema, undefined, { signal })
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
