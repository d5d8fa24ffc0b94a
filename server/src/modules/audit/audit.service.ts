import type { AuditEntry } from '@common/users.ts'
import type { DB } from '../../db/database.ts'
import { listAudit } from '../../repositories/audit.repository.ts'

export interface AuditPage {
  entries: AuditEntry[]
  total: number
  /** The id to pass as `cursor` for the next page; null on the last one. */
  nextCursor: number | null
}

/** Who changed what, newest first, a page at a time (docs/spec/product.md §6 paging headers). */
export class AuditService {
  constructor(private readonly db: DB) {}

  async page(query: { limit: number; cursor?: number }): Promise<AuditPage> {
    const { rows, total } = await listAudit(this.db, { limit: query.limit, beforeId: query.cursor })
    const last = rows.at(-1)
    return {
      entries: rows.map((row): AuditEntry => ({ ...row, createdAt: row.createdAt.toISOString() })),
      total,
      nextCursor: last && rows.length === query.limit ? last.id : null,
    }
  }
}
