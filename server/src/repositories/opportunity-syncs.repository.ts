import { CONTACT_SYNC_FAILURES_KEPT, type ContactSyncFailure } from '@common/contacts.ts'
import { eq, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { opportunitySyncs } from '../db/schema.ts'

export type OpportunitySyncRow = typeof opportunitySyncs.$inferSelect

// The opportunity backfill's progress (docs/spec/product.md §9.4), kept exactly like the contact
// sync's (contact-syncs.repository.ts): one running per client, abandoned after a silence.

/**
 * A 'running' row whose progress was not written for this long is taken for abandoned (its
 * process died and its job is gone), so a new click may start over. A live sync writes its
 * progress at least every few leads; one lead waits at most 30 s for another sync's lease.
 */
const ABANDONED_AFTER = '10 minutes'

/**
 * Marks a client's opportunity backfill as running, unless one is running already: the insert and the
 * check are one statement, so two clicks (or two processes) never both start one. Null when
 * another is running.
 */
export async function claimOpportunitySync(db: DB, clientId: string): Promise<OpportunitySyncRow | null> {
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
    .insert(opportunitySyncs)
    .values({ clientId, ...fresh })
    .onConflictDoUpdate({
      target: opportunitySyncs.clientId,
      set: { ...fresh, startedAt: sql`now()`, updatedAt: sql`now()` },
      setWhere: sql`${opportunitySyncs.status} <> 'running' or ${opportunitySyncs.updatedAt} < now() - ${ABANDONED_AFTER}::interval`,
    })
    .returning()
  return row ?? null
}

export interface OpportunitySyncProgress {
  leadsTotal?: number
  leadsDone?: number
  success?: number
  errors?: number
  failures?: ContactSyncFailure[]
}

/** Writes the running backfill's progress (and keeps it from looking abandoned). */
export async function updateOpportunitySync(
  db: DB,
  clientId: string,
  progress: OpportunitySyncProgress,
): Promise<void> {
  const { failures, ...counts } = progress
  await db
    .update(opportunitySyncs)
    .set({
      ...counts,
      ...(failures ? { failures: failures.slice(0, CONTACT_SYNC_FAILURES_KEPT) } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(opportunitySyncs.clientId, clientId))
}

export async function finishOpportunitySync(
  db: DB,
  clientId: string,
  outcome: { status: 'completed' | 'failed'; error?: string } & OpportunitySyncProgress,
): Promise<void> {
  const { status, error, ...progress } = outcome
  await updateOpportunitySync(db, clientId, progress)
  await db
    .update(opportunitySyncs)
    .set({ status, error: error ?? null, finishedAt: sql`now()` })
    .where(eq(opportunitySyncs.clientId, clientId))
}

export async function findOpportunitySync(db: DB, clientId: string): Promise<OpportunitySyncRow | null> {
  const [row] = await db.select().from(opportunitySyncs).where(eq(opportunitySyncs.clientId, clientId))
  return row ?? null
}
