import { okResponseSchema } from '@common/api.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { usersQueryOptions } from '@/features/users/api/get-users.ts'
import { apiJson } from '@/lib/api-client.ts'

/** DELETE /api/users/{id}; 409 for one's own account and for the last active admin. */
export async function deleteUser(id: number): Promise<void> {
  await apiJson('DELETE', `/api/users/${id}`, okResponseSchema)
}

export function useDeleteUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey }),
  })
}
