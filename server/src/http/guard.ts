import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ForbiddenError, UnauthorizedError } from '../lib/errors.ts'
import type { AuthenticatedSession, AuthService } from '../modules/auth/auth.service.ts'
import { readSessionToken } from './session-cookie.ts'

declare module 'fastify' {
  interface FastifyRequest {
    session: AuthenticatedSession | null
  }
}

/**
 * The one place access is enforced: every route's declared `config.access` is checked here
 * before its handler runs. Roles are read on every request, so a role change applies at the
 * signed-in user's next request.
 */
export function installGuard(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('session', null)
  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config.access
    if (!access || access === 'public') return
    const session = await auth.authenticate(readSessionToken(request))
    if (!session) throw new UnauthorizedError('Not signed in')
    request.session = { ...session, address: request.ip }
    if (access !== 'signedIn' && !session.user.permissions[access]) {
      throw new ForbiddenError(`Your role (${session.user.role}) lacks the ${access} permission`)
    }
  })
}

/** The session of a route that declared a non-public access (the guard has checked it). */
export function requireSession(request: FastifyRequest): AuthenticatedSession {
  if (!request.session) throw new UnauthorizedError()
  return request.session
}
