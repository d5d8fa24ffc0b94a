import { type SavedUser, savedUserSchema, type UpdateUserInput } from '@common/users.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { usersQueryOptions } from '@/features/users/api/get-users.ts'
import { apiJson } from '@/lib/api-client.ts'

/**
 * PUT /api/users/{id}. An undefined password is left out of the JSON body, which the server
 * reads as "unchanged" (docs/spec/dashboard-spec.md §7). 409 when the change would leave no active admin.
 */
export async function updateUser({ id, input }: { id: number; input: UpdateUserInput }): Promise<SavedUser> {
  return apiJson('PUT', `/api/users/${id}`, savedUserSchema, input)
}

export function useUpdateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey }),
  })
}
