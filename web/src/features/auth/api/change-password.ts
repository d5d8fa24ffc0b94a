import { okResponseSchema } from '@common/api.ts'
import type { ChangePasswordInput } from '@common/users.ts'
import { useMutation } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'

/**
 * POST /api/auth/password: the signed-in user's own password, given the current one (400
 * "currentPassword: Current password is incorrect" otherwise). Its other sessions end.
 */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await apiJson('POST', '/api/auth/password', okResponseSchema, input)
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword })
}
