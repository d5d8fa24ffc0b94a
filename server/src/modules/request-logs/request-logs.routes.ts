import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from '@common/list-query.ts'
import { type LogEntry, logIdParamsSchema, requestLogsQuerySchema } from '@common/request-logs.ts'
import type { FastifyInstance } from 'fastify'
import { requireSession } from '../../http/guard.ts'
import { parseInput } from '../../lib/validation.ts'
import type { RequestLogsService } from './request-logs.service.ts'

/** API & Webhook Logs: the merged list, its Endpoint options and one whole entry. */
export function registerRequestLogRoutes(app: FastifyInstance, logs: RequestLogsService): void {
  const access = { access: 'canViewWebhooks' } as const

  app.get('/api/all-request-logs', { config: access }, async (request, reply): Promise<LogEntry[]> => {
    const query = parseInput(requestLogsQuerySchema, request.query)
    const page = await logs.list(requireSession(request), query)
    reply.header(TOTAL_COUNT_HEADER, String(page.totalCount))
    if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor)
    return page.items
  })

  app.get(
    '/api/all-request-logs/endpoints',
    { config: access },
    async (request): Promise<string[]> => logs.endpoints(requireSession(request)),
  )

  app.get('/api/all-request-logs/:id', { config: access }, async (request): Promise<LogEntry> => {
    const { id } = parseInput(logIdParamsSchema, request.params)
    return logs.get(requireSession(request), id)
  })
}
