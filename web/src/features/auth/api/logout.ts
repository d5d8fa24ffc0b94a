import { apiRequest } from '@/lib/api-client.ts'

/** POST /api/auth/logout: ends the session; the answer body is not used. */
export async function postLogout(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout')
}
