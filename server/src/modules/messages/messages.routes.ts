import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from '@common/list-query.ts'
import { type MessageLog, messagesQuerySchema } from '@common/messages.ts'
import type { FastifyInstance } from 'fastify'
import { requireSession } from '../../http/guard.ts'
import { parseInput } from '../../lib/validation.ts'
import type { MessagesService } from './messages.service.ts'

/** `GET /api/messages`: the spec's list in the body, paging in headers (docs/spec/product.md §6). */
export function registerMessageRoutes(app: FastifyInstance, messages: MessagesService): void {
  app.get(
    '/api/messages',
    { config: { access: 'canViewMessages' } },
    async (request, reply): Promise<MessageLog[]> => {
      const query = parseInput(messagesQuerySchema, request.query)
      const page = await messages.list(requireSession(request), query)
      reply.header(TOTAL_COUNT_HEADER, String(page.totalCount))
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor)
      return page.items
    },
  )
}
