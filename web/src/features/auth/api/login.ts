import type { LoginInput, SessionUser } from '@common/auth.ts'
import { apiRequest } from '@/lib/api-client.ts'

/** POST /api/auth/login: starts a session (cookie) and answers the user. */
export async function postLogin(input: LoginInput): Promise<SessionUser> {
  const res = await apiRequest('POST', '/api/auth/login', input)
  const body = (await res.json()) as { user: SessionUser }
  return body.user
}
