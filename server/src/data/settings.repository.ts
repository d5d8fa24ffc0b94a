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
