import type { FastifyInstance } from 'fastify'
import type { HealthService } from './health.service.ts'

/**
 * `GET /api/health`: public liveness with database reachability and which providers are set up;
 * ok or not per component, never a raw error (the service logs the reason).
 */
export function registerHealthRoutes(app: FastifyInstance, health: HealthService): void {
  app.get('/api/health', { config: { access: 'public' } }, async (request, reply) => {
    const report = await health.check(request.log)
    return reply.code(report.database.reachable ? 200 : 503).send(report)
  })
}
