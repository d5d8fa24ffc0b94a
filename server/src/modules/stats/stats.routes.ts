import type { ActivityHour, FirstReplies, ProviderAlertList, Stats, SystemHealth } from '@common/stats.ts'
import type { FastifyInstance } from 'fastify'
import { requireSession } from '../../http/guard.ts'
import type { StatsService } from './stats.service.ts'

/** The Dashboard's reads (docs/spec/dashboard-spec.md §2.3; docs/spec/product.md §2 and §6). */
export function registerStatsRoutes(app: FastifyInstance, stats: StatsService): void {
  app.get('/api/stats', { config: { access: 'canViewSystemStats' } }, async (request): Promise<Stats> => {
    return stats.stats(requireSession(request))
  })

  app.get(
    '/api/stats/activity',
    { config: { access: 'canViewSystemStats' } },
    async (request): Promise<ActivityHour[]> => stats.activity(requireSession(request)),
  )

  app.get(
    '/api/stats/first-replies',
    { config: { access: 'canViewSystemStats' } },
    async (request): Promise<FirstReplies> => stats.firstReplies(requireSession(request)),
  )

  app.get(
    '/api/system-health',
    { config: { access: 'canViewSystemStats' } },
    async (request): Promise<SystemHealth> => stats.systemHealth(requireSession(request), request.log),
  )

  // Everyone signed in: the alert names no client and no secret, and any operator who sees it can
  // tell whoever holds the server's configuration (docs/decisions/0017).
  app.get(
    '/api/provider-alerts',
    { config: { access: 'signedIn' } },
    async (): Promise<ProviderAlertList> => stats.providerAlerts(),
  )
}
