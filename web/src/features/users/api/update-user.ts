import type { UpdateUserInput } from '@common/users.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SavedUser } from '@/features/users/api/create-user.ts'
import { usersQueryOptions } from '@/features/users/api/get-users.ts'
import { apiRequest } from '@/lib/api-client.ts'

/**
 * PUT /api/users/{id}. An undefined password is left out of the JSON body, which the server
 * reads as "unchanged" (spec §7). 409 when the change would leave no active admin.
 */
export async function updateUser({ id, input }: { id: number; input: UpdateUserInput }): Promise<SavedUser> {
  const res = await apiRequest('PUT', `/api/users/${id}`, input)
  return (await res.json()) as SavedUser
}

export function useUpdateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey }),
  })
}
