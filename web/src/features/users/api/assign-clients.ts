import { okResponseSchema } from '@common/api.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { usersQueryOptions } from '@/features/users/api/get-users.ts'
import { apiJson } from '@/lib/api-client.ts'

export function assignmentPath(userId: number, clientId: string): string {
  return `/api/users/${userId}/clients/${encodeURIComponent(clientId)}`
}

/**
 * POST /api/users/{userId}/clients/{clientId} once per selected client, with an empty
 * permissions object (docs/spec/dashboard-spec.md §6, §7). Unselected clients are left as they are. Every call is
 * made; the first failure is reported after all have settled.
 */
export async function assignClients({ userId, clientIds }: { userId: number; clientIds: string[] }) {
  const results = await Promise.allSettled(
    clientIds.map((clientId) =>
      apiJson('POST', assignmentPath(userId, clientId), okResponseSchema, { permissions: {} }),
    ),
  )
  const failed = results.find((result) => result.status === 'rejected')
  if (failed) throw failed.reason
}

export function useAssignClients() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: assignClients,
    // Some calls may have succeeded even when one failed: refresh either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey }),
  })
}
