import { asc, eq, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { systemSettings, users } from '../db/schema.ts'

/** The channel on which a saved setting is announced to every process (db/notifications.ts). */
export const SETTINGS_CHANNEL = 'leadrelay_settings'

export async function readSetting(db: DB, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, key))
  return row?.value
}

/** Every saved setting by key; keys never saved are absent. */
export async function readAllSettings(db: DB): Promise<Map<string, unknown>> {
  const rows = await db.select({ key: systemSettings.key, value: systemSettings.value }).from(systemSettings)
  return new Map(rows.map((row) => [row.key, row.value]))
}

/** Saves one setting (JSON `null` is stored as such) and returns the value it replaced. */
export async function writeSetting(db: DB, key: string, value: unknown): Promise<void> {
  // jsonb NOT NULL: a JSON null is the literal 'null', not SQL NULL.
  const json = sql`${JSON.stringify(value)}::jsonb`
  await db
    .insert(systemSettings)
    .values({ key, value: json })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value: json, updatedAt: sql`now()` } })
}

/**
 * Tells every process sharing the database that `key` changed. Sent inside the saving
 * transaction, PostgreSQL delivers it only once that commits.
 */
export async function notifySettingChanged(db: DB, key: string): Promise<void> {
  await db.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, ${key})`)
}

/** The built-in administrator: the account the first start created (the oldest user). */
export async function findBuiltInAdmin(db: DB): Promise<{ id: number; username: string } | null> {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .orderBy(asc(users.id))
    .limit(1)
  return row ?? null
}
