import type { OkResponse } from '@common/api.ts'
import { loginSchema, type SessionResponse } from '@common/auth.ts'
import type { FastifyInstance } from 'fastify'
import { requireSession } from '../../http/guard.ts'
import { loginFailureLimiter, perAddress, RATE_LIMITS } from '../../http/rate-limits.ts'
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../../http/session-cookie.ts'
import { UnauthorizedError } from '../../lib/errors.ts'
import { parseInput } from '../../lib/validation.ts'
import type { AuthService } from './auth.service.ts'

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService, secureCookies: boolean): void {
  app.get(
    '/api/auth/me',
    { config: { access: 'signedIn' } },
    async (request): Promise<SessionResponse> => ({ user: requireSession(request).user }),
  )

  const failures = loginFailureLimiter(app)
  app.post(
    '/api/auth/login',
    { config: { access: 'public', body: loginSchema, rateLimit: perAddress(RATE_LIMITS.loginPerAddress) } },
    async (request, reply): Promise<SessionResponse> => {
      const { username, password } = parseInput(loginSchema, request.body)
      await failures.check(request)
      try {
        const { token, user } = await auth.login(username, password)
        setSessionCookie(reply, token, secureCookies)
        return { user }
      } catch (error) {
        if (error instanceof UnauthorizedError) await failures.recordFailure(request)
        throw error
      }
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
