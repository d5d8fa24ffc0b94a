import type { AuditEntry } from '@common/users.ts'
import type { DB } from '../../db/database.ts'
import { listAudit } from '../../repositories/audit.repository.ts'
import type { AuthenticatedSession } from '../auth/auth.service.ts'
import { visibleClientIds } from '../clients/client-scope.ts'

export interface AuditPage {
  entries: AuditEntry[]
  total: number
  /** The id to pass as `cursor` for the next page; null on the last one. */
  nextCursor: number | null
}

/**
 * Who changed what, newest first, a page at a time (docs/spec/product.md §6 paging headers).
 * Operators and viewers read only the entries about their clients and their own account
 * (docs/decisions/0022-what-scoped-roles-see.md).
 */
export class AuditService {
  constructor(private readonly db: DB) {}

  async page(query: { limit: number; cursor?: number }, session: AuthenticatedSession): Promise<AuditPage> {
    const clientIds = await visibleClientIds(this.db, session)
    const { rows, total } = await listAudit(this.db, {
      limit: query.limit,
      beforeId: query.cursor,
      scope: clientIds === null ? null : { clientIds, userId: session.user.id },
    })
    const last = rows.at(-1)
    return {
      entries: rows.map((row): AuditEntry => ({ ...row, createdAt: row.createdAt.toISOString() })),
      total,
      nextCursor: last && rows.length === query.limit ? last.id : null,
    }
  }
}
