import { type SessionUser, sessionResponseSchema } from '@common/auth.ts'
import { apiJson } from '@/lib/api-client.ts'

/** GET /api/auth/me: the signed-in user, or an ApiError (401 when nobody is signed in). */
export async function getSessionUser(signal?: AbortSignal): Promise<SessionUser> {
  const body = await apiJson('GET', '/api/auth/me', sessionResponseSchema, undefined, { signal })
  return body.user
}
