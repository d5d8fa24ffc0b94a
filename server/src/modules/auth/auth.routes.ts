import type { OkResponse } from '@common/api.ts'
import { loginSchema, type SessionResponse } from '@common/auth.ts'
import type { FastifyInstance } from 'fastify'
import { requireSession } from '../../http/guard.ts'
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../../http/session-cookie.ts'
import { parseInput } from '../../lib/validation.ts'
import type { AuthService } from './auth.service.ts'

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService, secureCookies: boolean): void {
  app.get(
    '/api/auth/me',
    { config: { access: 'signedIn' } },
    async (request): Promise<SessionResponse> => ({ user: requireSession(request).user }),
  )

  app.post(
    '/api/auth/login',
    { config: { access: 'public' } },
    async (request, reply): Promise<SessionResponse> => {
      const { username, password } = parseInput(loginSchema, request.body)
      const { token, user } = await auth.login(username, password, request.ip)
      setSessionCookie(reply, token, secureCookies)
      return { user }
    },
  )

  // Public so that signing out always succeeds, even with an expired session.
  app.post(
    '/api/auth/logout',
    { config: { access: 'public' } },
    async (request, reply): Promise<OkResponse> => {
      await auth.logout(readSessionToken(request))
      clearSessionCookie(reply, secureCookies)
      return { ok: true }
    },
  )
}
