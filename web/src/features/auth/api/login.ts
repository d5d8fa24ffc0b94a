import { type LoginInput, type SessionUser, sessionResponseSchema } from '@common/auth.ts'
import { apiJson } from '@/lib/api-client.ts'

/** POST /api/auth/login: starts a session (cookie) and answers the user. */
export async function postLogin(input: LoginInput): Promise<SessionUser> {
  const body = await apiJson('POST', '/api/auth/login', sessionResponseSchema, input)
  return body.user
}
