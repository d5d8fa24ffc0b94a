import type { CreateUserInput, ListedUser } from '@common/users.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { usersQueryOptions } from '@/features/users/api/get-users.ts'
import { apiRequest } from '@/lib/api-client.ts'

export type SavedUser = Omit<ListedUser, 'clientAssignments'>

/** POST /api/users: 201 with the user; 400 names the bad field, 409 a taken username. */
export async function createUser(input: CreateUserInput): Promise<SavedUser> {
  const res = await apiRequest('POST', '/api/users', input)
  return (await res.json()) as SavedUser
}

export function useCreateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey }),
  })
}
