import type { AuditEntry } from '@common/users.ts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { requireSession } from '../../http/guard.ts'
import { parseInput } from '../../lib/validation.ts'
import type { AuditService } from './audit.service.ts'

const pageQuery = z.object({
  limit: z.coerce
    .number('limit must be a number')
    .int()
    .min(1, 'limit must be 1 to 500')
    .max(500, 'limit must be 1 to 500')
    .default(100),
  cursor: z.coerce.number('cursor must be a number').int().positive('cursor must be positive').optional(),
})

/** `GET /api/audit`: who changed what, newest first, paged (docs/spec/product.md §6 paging headers). */
export function registerAuditRoutes(app: FastifyInstance, audit: AuditService): void {
  app.get(
    '/api/audit',
    { config: { access: 'canViewLogs' } },
    async (request, reply): Promise<AuditEntry[]> => {
      const page = await audit.page(parseInput(pageQuery, request.query), requireSession(request))
      if (page.nextCursor !== null) reply.header('x-next-cursor', String(page.nextCursor))
      reply.header('x-total-count', String(page.total))
      return page.entries
    },
  )
}
