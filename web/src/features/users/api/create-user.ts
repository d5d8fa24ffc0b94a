import { type CreateUserInput, type SavedUser, savedUserSchema } from '@common/users.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { usersQueryOptions } from '@/features/users/api/get-users.ts'
import { apiJson } from '@/lib/api-client.ts'

/** POST /api/users: 201 with the user; 400 names the bad field, 409 a taken username. */
export async function createUser(input: CreateUserInput): Promise<SavedUser> {
  return apiJson('POST', '/api/users', savedUserSchema, input)
}

export function useCreateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey }),
  })
}
