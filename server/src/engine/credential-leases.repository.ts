import { and, eq, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { credentialLeases } from '../db/schema.ts'

/** Takes the lease when free or expired; true when this holder now has it. */
export async function acquireLease(db: DB, key: string, holder: string, ttlMs: number): Promise<boolean> {
  const expiresAt = new Date(Date.now() + ttlMs)
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
