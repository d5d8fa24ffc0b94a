import { okResponseSchema } from '@common/api.ts'
import { apiJson } from '@/lib/api-client.ts'

/** POST /api/auth/logout: ends the session and answers `{ ok: true }`. */
export async function postLogout(): Promise<void> {
  await apiJson('POST', '/api/auth/logout', okResponseSchema)
}
