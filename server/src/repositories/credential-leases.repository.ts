import { and, eq, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { credentialLeases } from '../db/schema.ts'

/**
 * Expiry by the database's clock, the one every process shares, and that the expiry test below
 * compares with: the app's clock may differ from it (and from other processes') by minutes.
 */
function expiresIn(ttlMs: number) {
  return sql`now() + ${ttlMs} * interval '1 millisecond'`
}

/** Takes the lease when free or expired; true when this holder now has it. */
export async function acquireLease(db: DB, key: string, holder: string, ttlMs: number): Promise<boolean> {
  const expiresAt = expiresIn(ttlMs)
  const rows = await db
    .insert(credentialLeases)
    .values({ key, holder, expiresAt })
    .onConflictDoUpdate({
      target: credentialLeases.key,
      set: { holder, expiresAt },
      setWhere: sql`${credentialLeases.expiresAt} < now()`,
    })
    .returning({ holder: credentialLeases.holder })
  return rows[0]?.holder === holder
}

export async function releaseLease(db: DB, key: string, holder: string): Promise<void> {
  await db
    .delete(credentialLeases)
    .where(and(eq(credentialLeases.key, key), eq(credentialLeases.holder, holder)))
}

/** Extends a lease this holder still has; false when it lost it (expired and taken). */
export async function renewLease(db: DB, key: string, holder: string, ttlMs: number): Promise<boolean> {
  const rows = await db
    .update(credentialLeases)
    .set({ expiresAt: expiresIn(ttlMs) })
    .where(and(eq(credentialLeases.key, key), eq(credentialLeases.holder, holder)))
    .returning({ key: credentialLeases.key })
  return rows.length > 0
}

/** Drops every lease: only when no other process can hold one (the embedded database at start). */
export async function clearLeases(db: DB): Promise<void> {
  await db.delete(credentialLeases)
}
