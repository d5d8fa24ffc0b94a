import type { FastifyInstance } from 'fastify'
import type { AppConfig } from '../../config/config.ts'
import { readProviderAlerts } from '../../data/provider-alerts.repository.ts'
import type { Database } from '../../db/database.ts'

/** `GET /api/health`: public liveness with database reachability and which providers are set up. */
export function registerHealthRoutes(app: FastifyInstance, database: Database, config: AppConfig): void {
  app.get('/api/health', { config: { access: 'public' } }, async (_request, reply) => {
    const started = performance.now()
    let databaseStatus: { kind: string; reachable: boolean; latencyMs?: number; error?: string }
    try {
      await database.execute('SELECT 1')
      databaseStatus = {
        kind: database.kind,
        reachable: true,
        latencyMs: Math.round(performance.now() - started),
      }
    } catch (error) {
      databaseStatus = { kind: database.kind, reachable: false, error: (error as Error).message }
    }
    const alerts = databaseStatus.reachable ? await readProviderAlerts(database.db).catch(() => ({})) : {}
    const body = {
      status: databaseStatus.reachable ? 'ok' : 'unavailable',
      database: databaseStatus,
      // Problems only the operator can fix (a refused app secret); no secret is ever in them.
      alerts,
      providers: {
        yelp: config.yelp.clientId && config.yelp.clientSecret ? 'configured' : 'not configured',
        ghl: config.ghl.clientId && config.ghl.clientSecret ? 'configured' : 'not configured',
      },
    }
    return reply.code(databaseStatus.reachable ? 200 : 503).send(body)
  })
}
