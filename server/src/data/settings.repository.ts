import { eq } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { systemSettings } from '../db/schema.ts'

export async function readSetting(db: DB, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, key))
  return row?.value
}

/** Saves a setting, replacing its value when it exists. */
export async function writeSetting(db: DB, key: string, value: unknown): Promise<void> {
  await db
    .insert(systemSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: new Date() } })
}
