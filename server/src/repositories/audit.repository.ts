import { and, count, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm'
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

/**
 * What a scoped reader may see of the log: entries about the clients it sees (the client's own
 * and its assignments) and about its own account. Null reads everything.
 */
export interface AuditScope {
  clientIds: readonly string[]
  userId: number
}

/** Newest first, `limit` at a time; `beforeId` continues after the previous page's last id. */
export async function listAudit(
  db: DB,
  options: { limit: number; beforeId?: number; scope?: AuditScope | null },
) {
  const scoped = options.scope ? scopeFilter(options.scope) : undefined
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(options.beforeId ? lt(auditLog.id, options.beforeId) : undefined, scoped))
    .orderBy(desc(auditLog.id))
    .limit(options.limit)
  const [total] = await db.select({ n: count() }).from(auditLog).where(scoped)
  return { rows, total: total?.n ?? 0 }
}

function scopeFilter(scope: AuditScope): SQL | undefined {
  const ownAccount = and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, String(scope.userId)))
  if (scope.clientIds.length === 0) return ownAccount
  const clientIds = [...scope.clientIds]
  // An assignment entry names its client in the state it records (after on create, before on delete).
  const assignedClient = sql<string>`coalesce(${auditLog.after}->>'clientId', ${auditLog.before}->>'clientId')`
  return or(
    ownAccount,
    and(eq(auditLog.entityType, 'client'), inArray(auditLog.entityId, clientIds)),
    and(eq(auditLog.entityType, 'assignment'), inArray(assignedClient, clientIds)),
  )
}
