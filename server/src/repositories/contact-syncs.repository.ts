import { CONTACT_SYNC_FAILURES_KEPT, type ContactSyncFailure } from '@common/contacts.ts'
import { eq, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { contactSyncs } from '../db/schema.ts'

export type ContactSyncRow = typeof contactSyncs.$inferSelect

/**
 * A 'running' row whose progress was not written for this long is taken for abandoned (its
 * process died and its job is gone), so a new click may start over. A live sync writes its
 * progress at least every few leads; one lead waits at most 30 s for another sync's lease.
 */
const ABANDONED_AFTER = '10 minutes'

/**
 * Marks a client's contact sync as running, unless one is running already: the insert and the
 * check are one statement, so two clicks (or two processes) never both start one. Null when
 * another is running.
 */
export async function claimContactSync(db: DB, clientId: string): Promise<ContactSyncRow | null> {
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
    .insert(contactSyncs)
    .values({ clientId, ...fresh })
    .onConflictDoUpdate({
      target: contactSyncs.clientId,
      set: { ...fresh, startedAt: sql`now()`, updatedAt: sql`now()` },
      setWhere: sql`${contactSyncs.status} <> 'running' or ${contactSyncs.updatedAt} < now() - ${ABANDONED_AFTER}::interval`,
    })
    .returning()
  return row ?? null
}

export interface ContactSyncProgress {
  leadsTotal?: number
  leadsDone?: number
  success?: number
  errors?: number
  failures?: ContactSyncFailure[]
}

/** Writes the running sync's progress (and keeps it from looking abandoned). */
export async function updateContactSync(
  db: DB,
  clientId: string,
  progress: ContactSyncProgress,
): Promise<void> {
  const { failures, ...counts } = progress
  await db
    .update(contactSyncs)
    .set({
      ...counts,
      ...(failures ? { failures: failures.slice(0, CONTACT_SYNC_FAILURES_KEPT) } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(contactSyncs.clientId, clientId))
}

export async function finishContactSync(
  db: DB,
  clientId: string,
  outcome: { status: 'completed' | 'failed'; error?: string } & ContactSyncProgress,
): Promise<void> {
  const { status, error, ...progress } = outcome
  await updateContactSync(db, clientId, progress)
  await db
    .update(contactSyncs)
    .set({ status, error: error ?? null, finishedAt: sql`now()` })
    .where(eq(contactSyncs.clientId, clientId))
}

export async function findContactSync(db: DB, clientId: string): Promise<ContactSyncRow | null> {
  const [row] = await db.select().from(contactSyncs).where(eq(contactSyncs.clientId, clientId))
  return row ?? null
}
