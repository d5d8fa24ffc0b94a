import { count, desc, lt } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { auditLog } from '../db/schema.ts'

export interface Actor {
  id: number
  username: string
  /** Where the request came from, when a request made the change. */
  address?: string
}

export interface AuditRecord {
  action: string
  entityType: string
  entityId?: string | number | null
  /** Never a secret: callers pass the public shape of what changed. */
  before?: unknown
  after?: unknown
}

/** Writes one audit entry; pass the transaction that made the change so both land together. */
export async function recordAudit(db: DB, actor: Actor | null, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: actor?.id ?? null,
    actorUsername: actor?.username ?? null,
    actorAddress: actor?.address ?? null,
    action: record.action,
    entityType: record.entityType,
    entityId: record.entityId === undefined || record.entityId === null ? null : String(record.entityId),
    before: record.before ?? null,
    after: record.after ?? null,
  })
}

/** Newest first, `limit` at a time; `beforeId` continues after the previous page's last id. */
export async function listAudit(db: DB, options: { limit: number; beforeId?: number }) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(options.beforeId ? lt(auditLog.id, options.beforeId) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(options.limit)
  const [total] = await db.select({ n: count() }).from(auditLog)
  return { rows, total: total?.n ?? 0 }
}
