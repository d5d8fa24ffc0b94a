import type { FastifyInstance } from 'fastify'
import type { AppConfig } from '../../config/config.ts'
import type { Database } from '../../db/database.ts'
import { ghlManifest } from '../../integrations/ghl/ghl.manifest.ts'
import { yelpManifest } from '../../integrations/yelp/yelp.manifest.ts'

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
    const body = {
      status: databaseStatus.reachable ? 'ok' : 'unavailable',
      database: databaseStatus,
      providers: {
        yelp: yelpManifest.isConfigured(config) ? 'configured' : 'not configured',
        ghl: ghlManifest.isConfigured(config) ? 'configured' : 'not configured',
      },
    }
    return reply.code(databaseStatus.reachable ? 200 : 503).send(body)
  })
}
