import type { FastifyInstance } from 'fastify'
import type { HealthService } from './health.service.ts'

/** `GET /api/health`: public liveness with database reachability and which providers are set up. */
export function registerHealthRoutes(app: FastifyInstance, health: HealthService): void {
  app.get('/api/health', { config: { access: 'public' } }, async (_request, reply) => {
    const report = await health.check()
    return reply.code(report.database.reachable ? 200 : 503).send(report)
  })
}
