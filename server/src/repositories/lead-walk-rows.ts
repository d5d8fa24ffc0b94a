import { CONTACT_SYNC_FAILURES_KEPT, type ContactSyncFailure } from '@common/contacts.ts'
import { eq, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import type { contactSyncs, opportunitySyncs } from '../db/schema.ts'

/** The progress tables of the jobs that go through every lead of a client: one shape. */
type LeadWalkTable = typeof contactSyncs | typeof opportunitySyncs
export type LeadWalkRow = typeof contactSyncs.$inferSelect

/**
 * A 'running' row whose progress was not written for this long is taken for abandoned (its
 * process died and its job is gone), so a new click may start over. A live walk writes its
 * progress at least every few leads; one lead waits at most 30 s for another sync's lease.
 */
const ABANDONED_AFTER = '10 minutes'

export interface LeadWalkProgress {
  leadsTotal?: number
  leadsDone?: number
  success?: number
  errors?: number
  failures?: ContactSyncFailure[]
}

/** The queries of one progress table: one running walk per client, abandoned after a silence. */
export function leadWalkRows(table: LeadWalkTable) {
  const update = async (db: DB, clientId: string, progress: LeadWalkProgress): Promise<void> => {
    const { failures, ...counts } = progress
    await db
      .update(table)
      .set({
        ...counts,
        ...(failures ? { failures: failures.slice(0, CONTACT_SYNC_FAILURES_KEPT) } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(table.clientId, clientId))
  }
  return {
    /**
     * Marks a client's walk as running, unless one is running already: the insert and the check
     * are one statement, so two clicks (or two processes) never both start one. Null when another
     * is running.
     */
    async claim(db: DB, clientId: string): Promise<LeadWalkRow | null> {
      const fresh = {
        status: 'running' as const,
        leadsTotal: 0,
        leadsDone: 0,
        success: 0,
        errors: 0,
        failures: [],
        error: null,
        finishedAt: null,
      }
      const [row] = await db
        .insert(table)
        .values({ clientId, ...fresh })
        .onConflictDoUpdate({
          target: table.clientId,
          set: { ...fresh, startedAt: sql`now()`, updatedAt: sql`now()` },
          setWhere: sql`${table.status} <> 'running' or ${table.updatedAt} < now() - ${ABANDONED_AFTER}::interval`,
        })
        .returning()
      return row ?? null
    },
    /** Writes the running walk's progress (and keeps it from looking abandoned). */
    update,
    async finish(
      db: DB,
      clientId: string,
      outcome: { status: 'completed' | 'failed'; error?: string } & LeadWalkProgress,
    ): Promise<void> {
      const { status, error, ...progress } = outcome
      await update(db, clientId, progress)
      await db
        .update(table)
        .set({ status, error: error ?? null, finishedAt: sql`now()` })
        .where(eq(table.clientId, clientId))
    },
    async find(db: DB, clientId: string): Promise<LeadWalkRow | null> {
      const [row] = await db.select().from(table).where(eq(table.clientId, clientId))
      return row ?? null
    },
  }
}
