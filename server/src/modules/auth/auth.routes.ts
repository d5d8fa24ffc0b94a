import { loginSchema } from '@common/auth.ts'
import type { FastifyInstance } from 'fastify'
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../../http/session-cookie.ts'
import { parseInput } from '../../lib/validation.ts'
import type { AuthService } from './auth.service.ts'

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService, secureCookies: boolean): void {
  app.get('/api/auth/me', { config: { access: 'signedIn' } }, async (request) => ({
    user: request.session?.user,
  }))

  app.post('/api/auth/login', { config: { access: 'public', body: loginSchema } }, async (request, reply) => {
    const { username, password } = parseInput(loginSchema, request.body)
    const { token, user } = await auth.login(username, password, request.ip)
    setSessionCookie(reply, token, secureCookies)
    return { user }
  })

  // Public so that signing out always succeeds, even with an expired session.
  app.post('/api/auth/logout', { config: { access: 'public' } }, async (request, reply) => {
    await auth.logout(readSessionToken(request))
    clearSessionCookie(reply, secureCookies)
    return { ok: true }
  })
}
