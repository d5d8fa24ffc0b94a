import { okResponseSchema } from '@common/api.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { assignmentPath } from '@/features/users/api/assign-clients.ts'
import { usersQueryOptions } from '@/features/users/api/get-users.ts'
import { apiJson } from '@/lib/api-client.ts'

/** DELETE /api/users/{userId}/clients/{clientId}. */
export async function unassignClient({ userId, clientId }: { userId: number; clientId: string }) {
  await apiJson('DELETE', assignmentPath(userId, clientId), okResponseSchema)
}

export function useUnassignClient() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: unassignClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey }),
  })
}
