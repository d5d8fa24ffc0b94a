import type { AuditEntry } from '@common/users.ts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { DB } from '../../db/database.ts'
import { parseInput } from '../../lib/validation.ts'
import { listAudit } from './audit.repository.ts'

const pageQuery = z.object({
  limit: z.coerce
    .number('limit must be a number')
    .int()
    .min(1, 'limit must be 1 to 500')
    .max(500, 'limit must be 1 to 500')
    .default(100),
  cursor: z.coerce.number('cursor must be a number').int().positive('cursor must be positive').optional(),
})

/** `GET /api/audit`: who changed what, newest first, paged (PRODUCT.md §6 paging headers). */
export function registerAuditRoutes(app: FastifyInstance, db: DB): void {
  app.get(
    '/api/audit',
    { config: { access: 'canViewLogs' } },
    async (request, reply): Promise<AuditEntry[]> => {
      const { limit, cursor } = parseInput(pageQuery, request.query)
      const { rows, total } = await listAudit(db, { limit, beforeId: cursor })
      const last = rows.at(-1)
      if (last && rows.length === limit) reply.header('x-next-cursor', String(last.id))
      reply.header('x-total-count', String(total))
      return rows.map((row): AuditEntry => ({ ...row, createdAt: row.createdAt.toISOString() }))
    },
  )
}
