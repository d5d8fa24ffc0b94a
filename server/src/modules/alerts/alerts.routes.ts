import {
  type Alert,
  type AlertChannel,
  type AlertTestAnswer,
  alertsQuerySchema,
  type CreatedAlertChannel,
  createAlertChannelSchema,
  updateAlertChannelSchema,
} from '@common/alerts.ts'
import type { OkResponse } from '@common/api.ts'
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from '@common/list-query.ts'
import { MANAGE_ALERT_CHANNELS } from '@common/permissions.ts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { requireSession } from '../../http/guard.ts'
import { RATE_LIMITS } from '../../http/rate-limits.ts'
import { TooManyRequestsError } from '../../lib/errors.ts'
import { parseInput } from '../../lib/validation.ts'
import type { AlertChannelsService } from './alert-channels.service.ts'
import type { AlertHistoryService } from './alert-history.service.ts'

const channelParams = z.object({
  id: z.string().min(1, 'id is required').max(64, 'id must be at most 64 characters'),
})

/** Alert channels and the alert history (docs/spec/product.md §9.3). */
export function registerAlertRoutes(
  app: FastifyInstance,
  services: { channels: AlertChannelsService; history: AlertHistoryService },
): void {
  const { channels, history } = services
  // Test sends reach out to an address the caller typed: a few a minute per user, whatever the
  // rateLimiting setting, so the route cannot be used to probe a network (docs/spec/product.md §9.7).
  const testLimiter = app.createRateLimit({
    ...RATE_LIMITS.alertTestsPerUser,
    keyGenerator: (request) => `alert-test|${requireSession(request).user.id}`,
    allowList: () => false,
  })
  app.get(
    '/api/alert-channels',
    { config: { access: MANAGE_ALERT_CHANNELS } },
    async (request): Promise<AlertChannel[]> => channels.list(requireSession(request)),
  )

  app.post<{ Reply: CreatedAlertChannel }>(
    '/api/alert-channels',
    { config: { access: MANAGE_ALERT_CHANNELS, body: createAlertChannelSchema } },
    async (request, reply) => {
      const input = parseInput(createAlertChannelSchema, request.body)
      return reply.code(201).send(await channels.create(input, requireSession(request)))
    },
  )

  app.put(
    '/api/alert-channels/:id',
    { config: { access: MANAGE_ALERT_CHANNELS, body: updateAlertChannelSchema } },
    async (request): Promise<AlertChannel> => {
      const { id } = parseInput(channelParams, request.params)
      const input = parseInput(updateAlertChannelSchema, request.body)
      return channels.update(id, input, requireSession(request))
    },
  )

  app.delete(
    '/api/alert-channels/:id',
    { config: { access: MANAGE_ALERT_CHANNELS } },
    async (request): Promise<OkResponse> => {
      const { id } = parseInput(channelParams, request.params)
      await channels.remove(id, requireSession(request))
      return { ok: true }
    },
  )

  app.post(
    '/api/alert-channels/:id/test',
    { config: { access: MANAGE_ALERT_CHANNELS } },
    async (request): Promise<AlertTestAnswer> => {
      const { id } = parseInput(channelParams, request.params)
      const limit = await testLimiter(request)
      if (!limit.isAllowed && limit.isExceeded) {
        throw new TooManyRequestsError(
          `Too many test sends: at most ${limit.max} a minute. Try again in ${limit.ttlInSeconds} s.`,
          limit.ttlInSeconds,
        )
      }
      return channels.test(id, requireSession(request))
    },
  )

  app.get(
    '/api/alerts',
    { config: { access: 'canViewSystemStats' } },
    async (request, reply): Promise<Alert[]> => {
      const query = parseInput(alertsQuerySchema, request.query)
      const page = await history.list(requireSession(request), query)
      reply.header(TOTAL_COUNT_HEADER, String(page.totalCount))
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor)
      return page.items
    },
  )
}
