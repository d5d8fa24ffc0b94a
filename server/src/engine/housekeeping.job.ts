import type PgBoss from 'pg-boss'
import type { DB } from '../db/database.ts'
import { deleteSessionsExpiredBy } from '../repositories/auth.repository.ts'
import { vacuumLeads } from '../repositories/leads.repository.ts'
import { withQueueSetupLock } from './queue/queue.ts'

export const HOUSEKEEPING_QUEUE = 'housekeeping'

/** Deletes expired sessions every five minutes. */
export async function registerHousekeeping(boss: PgBoss, db: DB, isSharedDatabase = false): Promise<void> {
  await withQueueSetupLock(db, isSharedDatabase, async () => {
    await boss.createQueue(HOUSEKEEPING_QUEUE)
    await boss.schedule(HOUSEKEEPING_QUEUE, '*/5 * * * *')
  })
  await boss.work(HOUSEKEEPING_QUEUE, async () => {
    await runHousekeeping(db)
    // PostgreSQL has autovacuum; PGlite has not.
    if (!isSharedDatabase) await vacuumLeads(db)
  })
}

export async function runHousekeeping(db: DB, now = new Date()): Promise<void> {
  await deleteSessionsExpiredBy(db, now)
}
