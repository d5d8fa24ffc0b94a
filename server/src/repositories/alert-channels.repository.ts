import { and, desc, eq, isNull, type SQL } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { alertChannels } from '../db/schema.ts'

/** A channel as the hub keeps it; `secret` is the sealed signing secret (webhook channels). */
export type AlertChannelRow = typeof alertChannels.$inferSelect
export type NewAlertChannel = Omit<typeof alertChannels.$inferInsert, 'createdAt' | 'updatedAt'>
export type AlertChannelPatch = Partial<Omit<NewAlertChannel, 'id' | 'type' | 'secret'>>

export async function listAlertChannels(db: DB): Promise<AlertChannelRow[]> {
  return db.select().from(alertChannels).orderBy(desc(alertChannels.createdAt))
}

export async function findAlertChannel(db: DB, id: string): Promise<AlertChannelRow | null> {
  const [row] = await db.select().from(alertChannels).where(eq(alertChannels.id, id))
  return row ?? null
}

export async function insertAlertChannel(db: DB, channel: NewAlertChannel): Promise<AlertChannelRow> {
  const [row] = await db.insert(alertChannels).values(channel).returning()
  if (!row) throw new Error(`Saving alert channel ${channel.id} returned no row`)
  return row
}

export async function updateAlertChannel(
  db: DB,
  id: string,
  patch: AlertChannelPatch,
): Promise<AlertChannelRow | null> {
  const [row] = await db
    .update(alertChannels)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(alertChannels.id, id))
    .returning()
  return row ?? null
}

export async function deleteAlertChannel(db: DB, id: string): Promise<boolean> {
  const rows = await db
    .delete(alertChannels)
    .where(eq(alertChannels.id, id))
    .returning({ id: alertChannels.id })
  return rows.length > 0
}

/** The enabled channels that take `type` (their client filter is the caller's to apply). */
export async function listEnabledAlertChannels(db: DB): Promise<AlertChannelRow[]> {
  return db.select().from(alertChannels).where(eq(alertChannels.enabled, true))
}

/** What is sealed in a channel: its target (slack, webhook) and its signing secret (webhook). */
export interface AlertChannelSealed {
  id: string
  type: AlertChannelRow['type']
  target: string
  secret: string | null
}

export async function listAlertChannelSealed(db: DB): Promise<AlertChannelSealed[]> {
  return db
    .select({
      id: alertChannels.id,
      type: alertChannels.type,
      target: alertChannels.target,
      secret: alertChannels.secret,
    })
    .from(alertChannels)
}

/**
 * Replaces a channel's sealed values, only if they are still `from`: an edit made meanwhile (by
 * this or another process) wins over a re-seal. Answers whether it replaced them.
 */
export async function replaceAlertChannelSealed(
  db: DB,
  from: AlertChannelSealed,
  to: { target: string; secret: string | null },
): Promise<boolean> {
  const same: SQL[] = [eq(alertChannels.id, from.id), eq(alertChannels.target, from.target)]
  same.push(from.secret === null ? isNull(alertChannels.secret) : eq(alertChannels.secret, from.secret))
  const rows = await db
    .update(alertChannels)
    .set(to)
    .where(and(...same))
    .returning({ id: alertChannels.id })
  return rows.length > 0
}
