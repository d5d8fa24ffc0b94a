import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AuthenticatedSession } from '../lib/authenticated-session.ts'
import { ForbiddenError, UnauthorizedError } from '../lib/errors.ts'
import { readSessionToken } from './session-cookie.ts'

declare module 'fastify' {
  interface FastifyRequest {
    session: AuthenticatedSession | null
  }
}

/**
 * What the guard needs to know who is calling; the composition root hands in the auth module's
 * service, so `http/` never imports a module (docs/architecture.md, "The layers and their arrows").
 */
export interface SessionReader {
  /** The signed-in user behind a cookie token (sliding its idle expiry); null when none. */
  authenticate(token: string | undefined): Promise<AuthenticatedSession | null>
}

/**
 * The one place access is enforced: every route's declared `config.access` is checked here
 * before its handler runs. Roles are read on every request, so a role change applies at the
 * signed-in user's next request.
 */
export function installGuard(app: FastifyInstance, sessions: SessionReader): void {
  app.decorateRequest('session', null)
  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config.access
    if (!access || access === 'public') return
    const session = await sessions.authenticate(readSessionToken(request))
    if (!session) throw new UnauthorizedError('Not signed in')
    request.session = { ...session, address: request.ip }
    if (access === 'signedIn') return
    if (typeof access === 'object') {
      if (!access.allows(session.user)) {
        throw new ForbiddenError(`Your role (${session.user.role}) may not ${access.name}`)
      }
      return
    }
    if (!session.user.permissions[access]) {
      throw new ForbiddenError(`Your role (${session.user.role}) lacks the ${access} permission`)
    }
  })
}

/** The session of a route that declared a non-public access (the guard has checked it). */
export function requireSession(request: FastifyRequest): AuthenticatedSession {
  if (!request.session) throw new UnauthorizedError()
  return request.session
}
