import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { readSessionToken } from '../../http/session-cookie.ts'
import { UnauthorizedError } from '../../lib/errors.ts'
import type { AuthService } from '../auth/auth.service.ts'
import type { MetricsService } from './metrics.service.ts'

function sameToken(expected: string, given: string): boolean {
  const a = Buffer.from(expected)
  const b = Buffer.from(given)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * GET /metrics (docs/spec/product.md §9.5, §9.7): with METRICS_TOKEN set, its bearer and nothing
 * else; unset, an admin's session. Anything else is a 401.
 */
export function registerMetricsRoutes(
  app: FastifyInstance,
  deps: { metrics: MetricsService; auth: AuthService; metricsToken: string | undefined },
): void {
  app.get('/metrics', { config: { access: 'public' } }, async (request, reply) => {
    if (deps.metricsToken) {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? ''
      if (!sameToken(deps.metricsToken, given))
        throw new UnauthorizedError('GET /metrics needs Authorization: Bearer <METRICS_TOKEN>')
    } else {
      const session = await deps.auth.authenticate(readSessionToken(request))
      if (session?.user.role !== 'admin')
        throw new UnauthorizedError('GET /metrics needs an admin session (or METRICS_TOKEN)')
    }
    return reply.header('content-type', deps.metrics.contentType).send(await deps.metrics.exposition())
  })
}
