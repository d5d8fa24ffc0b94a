import type { SessionUser } from '@common/auth.ts'
import { apiRequest } from '@/lib/api-client.ts'

/** GET /api/auth/me: the signed-in user, or an ApiError (401 when nobody is signed in). */
export async function getSessionUser(signal?: AbortSignal): Promise<SessionUser> {
  const res = await apiRequest('GET', '/api/auth/me', undefined, { signal })
  const body = (await res.json()) as { user: SessionUser }
  return body.user
}
