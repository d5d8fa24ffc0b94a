import { DEFAULT_PLAYBOOK, type Playbook, playbookSchema } from '@common/playbook.ts'
import { eq, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { clientPlaybooks } from '../db/schema.ts'

// A client's response playbook (docs/spec/product.md §9.2): no row means the defaults.

/** The stored playbook, parsed; the defaults when none was saved. */
export async function findPlaybook(db: DB, clientId: string): Promise<Playbook> {
  const [row] = await db
    .select({ playbook: clientPlaybooks.playbook })
    .from(clientPlaybooks)
    .where(eq(clientPlaybooks.clientId, clientId))
  if (!row) return DEFAULT_PLAYBOOK
  // Saved through the same schema; a row written by an older version gains the newer defaults.
  const parsed = playbookSchema.safeParse(row.playbook)
  return parsed.success ? parsed.data : DEFAULT_PLAYBOOK
}

export async function savePlaybook(db: DB, clientId: string, playbook: Playbook): Promise<void> {
  await db
    .insert(clientPlaybooks)
    .values({ clientId, playbook })
    .onConflictDoUpdate({ target: clientPlaybooks.clientId, set: { playbook, updatedAt: sql`now()` } })
}
