import { type ClientStatsList, clientStatsQuerySchema } from '@common/client-stats.ts'
import type { FastifyInstance } from 'fastify'
import { requireSession } from '../../http/guard.ts'
import { parseInput } from '../../lib/validation.ts'
import type { ClientStatsService } from './client-stats.service.ts'

/** `GET /api/stats/clients?month=YYYY-MM`: cost per lead and response time per client (docs/decisions/0014). */
export function registerClientStatsRoutes(app: FastifyInstance, clientStats: ClientStatsService): void {
  app.get(
    '/api/stats/clients',
    { config: { access: 'canViewSystemStats' } },
    async (request): Promise<ClientStatsList> =>
      clientStats.list(requireSession(request), parseInput(clientStatsQuerySchema, request.query)),
  )
}
