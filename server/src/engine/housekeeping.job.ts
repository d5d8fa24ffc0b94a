import { lt, sql } from 'drizzle-orm'
import type PgBoss from 'pg-boss'
import type { DB } from '../db/database.ts'
import { loginFailures, userSessions } from '../db/schema.ts'
import { withQueueSetupLock } from './queue.ts'

export const HOUSEKEEPING_QUEUE = 'housekeeping'
const LOGIN_FAILURE_WINDOW_MS = 60 * 60 * 1000

/** Deletes expired sessions and stale failed-login records every five minutes. */
export async function registerHousekeeping(boss: PgBoss, db: DB, isSharedDatabase = false): Promise<void> {
  await withQueueSetupLock(db, isSharedDatabase, async () => {
    await boss.createQueue(HOUSEKEEPING_QUEUE)
    await boss.schedule(HOUSEKEEPING_QUEUE, '*/5 * * * *')
  })
  await boss.work(HOUSEKEEPING_QUEUE, async () => {
    await runHousekeeping(db)
    // The embedded database has no autovacuum: without it, the inbox's counts and facets stop
    // being index-only scans and read the whole table (bench/RESULTS.md, issue 13).
    if (!isSharedDatabase) await db.execute(sql`vacuum (analyze) leads`)
  })
}

export async function runHousekeeping(db: DB, now = new Date()): Promise<void> {
  await db.delete(userSessions).where(lt(userSessions.expiresAt, now))
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.createdAt, new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS)))
}
