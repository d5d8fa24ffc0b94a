import { DEFAULT_PLAYBOOK, type Playbook, playbookSchema } from '@common/playbook.ts'
import { eq, inArray, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { clientPlaybooks } from '../db/schema.ts'

// A client's response playbook (docs/spec/product.md §9.2): no row means the defaults.

/** The stored playbook, parsed; the defaults when none was saved. */
export async function findPlaybook(db: DB, clientId: string): Promise<Playbook> {
  return (await findSavedPlaybook(db, clientId)) ?? DEFAULT_PLAYBOOK
}

/** The playbook the client saved, parsed; null when it never saved one. */
export async function findSavedPlaybook(db: DB, clientId: string): Promise<Playbook | null> {
  const [row] = await db
    .select({ playbook: clientPlaybooks.playbook })
    .from(clientPlaybooks)
    .where(eq(clientPlaybooks.clientId, clientId))
  if (!row) return null
  // Saved through the same schema; a row written by an older version gains the newer defaults.
  const parsed = playbookSchema.safeParse(row.playbook)
  return parsed.success ? parsed.data : DEFAULT_PLAYBOOK
}

/**
 * Saves the playbook. Turning first replies on starts their `firstReplySince` now, and giving it
 * follow-ups starts `followUpsSince`; turning them off (no follow-ups) clears it.
 */
export async function savePlaybook(db: DB, clientId: string, playbook: Playbook): Promise<void> {
  const on = playbook.firstReply.enabled
  const followUpsOn = playbook.followUps.length > 0
  await db
    .insert(clientPlaybooks)
    .values({
      clientId,
      playbook,
      firstReplySince: on ? sql`now()` : null,
      followUpsSince: followUpsOn ? sql`now()` : null,
    })
    .onConflictDoUpdate({
      target: clientPlaybooks.clientId,
      set: {
        playbook,
        firstReplySince: on ? sql`coalesce(${clientPlaybooks.firstReplySince}, now())` : null,
        followUpsSince: followUpsOn ? sql`coalesce(${clientPlaybooks.followUpsSince}, now())` : null,
        updatedAt: sql`now()`,
      },
    })
}

/** The playbook and since when its first replies and its follow-ups are on, for the automation. */
export async function findPlaybookForAutomation(
  db: DB,
  clientId: string,
): Promise<{ playbook: Playbook; firstReplySince: Date | null; followUpsSince: Date | null }> {
  const [row] = await db
    .select({ since: clientPlaybooks.firstReplySince, followUpsSince: clientPlaybooks.followUpsSince })
    .from(clientPlaybooks)
    .where(eq(clientPlaybooks.clientId, clientId))
  return {
    playbook: await findPlaybook(db, clientId),
    firstReplySince: row?.since ?? null,
    followUpsSince: row?.followUpsSince ?? null,
  }
}

/**
 * Every saved playbook of the given clients (all clients for null), parsed like `findSavedPlaybook`;
 * a client missing from the answer never saved one (the defaults).
 */
export async function listSavedPlaybooks(
  db: DB,
  clientIds: readonly string[] | null,
): Promise<Array<{ clientId: string; playbook: Playbook }>> {
  if (clientIds?.length === 0) return []
  const rows = await db
    .select({ clientId: clientPlaybooks.clientId, playbook: clientPlaybooks.playbook })
    .from(clientPlaybooks)
    .where(clientIds ? inArray(clientPlaybooks.clientId, [...clientIds]) : undefined)
  return rows.map((row) => {
    const parsed = playbookSchema.safeParse(row.playbook)
    return { clientId: row.clientId, playbook: parsed.success ? parsed.data : DEFAULT_PLAYBOOK }
  })
}
