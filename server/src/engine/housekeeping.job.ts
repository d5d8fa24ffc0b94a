import { lt } from 'drizzle-orm'
import type PgBoss from 'pg-boss'
import type { DB } from '../db/database.ts'
import { userSessions } from '../db/schema.ts'
import { withQueueSetupLock } from './queue.ts'

export const HOUSEKEEPING_QUEUE = 'housekeeping'

/** Deletes expired sessions every five minutes. */
export async function registerHousekeeping(boss: PgBoss, db: DB, isSharedDatabase = false): Promise<void> {
  await withQueueSetupLock(db, isSharedDatabase, async () => {
    await boss.createQueue(HOUSEKEEPING_QUEUE)
    await boss.schedule(HOUSEKEEPING_QUEUE, '*/5 * * * *')
  })
  await boss.work(HOUSEKEEPING_QUEUE, async () => {
    await runHousekeeping(db)
  })
}

export async function runHousekeeping(db: DB, now = new Date()): Promise<void> {
  await db.delete(userSessions).where(lt(userSessions.expiresAt, now))
}
