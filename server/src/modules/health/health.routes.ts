import type { FastifyInstance } from 'fastify'
import type { AppConfig } from '../../config/config.ts'
import type { Database } from '../../db/database.ts'

/**
 * `GET /api/health`: public liveness with database reachability and which providers are set up.
 * Public, so it says ok or not per component and never why (issue 11 §8): a raw database error
 * can name hosts, users or paths. The reason goes to the log, with the request id.
 */
export function registerHealthRoutes(app: FastifyInstance, database: Database, config: AppConfig): void {
  app.get('/api/health', { config: { access: 'public' } }, async (request, reply) => {
    const started = performance.now()
    let databaseStatus: { kind: string; reachable: boolean; latencyMs?: number }
    try {
      await database.execute('SELECT 1')
      databaseStatus = {
        kind: database.kind,
        reachable: true,
        latencyMs: Math.round(performance.now() - started),
      }
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable')
      databaseStatus = { kind: database.kind, reachable: false }
    }
    const body = {
      status: databaseStatus.reachable ? 'ok' : 'unavailable',
      database: databaseStatus,
      providers: {
        yelp: config.yelp.clientId && config.yelp.clientSecret ? 'configured' : 'not configured',
        ghl: config.ghl.clientId && config.ghl.clientSecret ? 'configured' : 'not configured',
      },
    }
    return reply.code(databaseStatus.reachable ? 200 : 503).send(body)
  })
}
