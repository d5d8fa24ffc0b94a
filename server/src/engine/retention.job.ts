import { SETTING_DEFAULTS } from '@common/settings.ts'
import type PgBoss from 'pg-boss'
import { deleteBatchOlderThan, RETAINED_TABLES, type RetainedTable } from '../data/retention.repository.ts'
import { readSetting } from '../data/settings.repository.ts'
import type { DB } from '../db/database.ts'
import { withQueueSetupLock } from './queue/queue.ts'

export const RETENTION_QUEUE = 'log-retention'
/** Daily at 03:17 UTC: pg-boss sends one job per tick, whichever processes are running. */
export const RETENTION_CRON = '17 3 * * *'
const BATCH_ROWS = 2_000
// A breath between batches, so ingest and the workers get the database in between.
const PAUSE_MS = 20

export async function registerRetention(
  boss: PgBoss,
  db: DB,
  isSharedDatabase: boolean,
  log: { info(message: string): void },
): Promise<void> {
  await withQueueSetupLock(db, isSharedDatabase, async () => {
    // `singleton`: one run at a time across processes; a second tick waits for the first.
    if (!(await boss.getQueue(RETENTION_QUEUE))) {
      await boss.createQueue(RETENTION_QUEUE, { name: RETENTION_QUEUE, policy: 'singleton', retryLimit: 2 })
    }
    await boss.schedule(RETENTION_QUEUE, RETENTION_CRON, undefined, { tz: 'UTC' })
  })
  await boss.work(RETENTION_QUEUE, async () => {
    const deleted = await purgeExpiredLogs(db)
    const total = Object.values(deleted).reduce((a, b) => a + b, 0)
    if (total > 0) log.info(`log retention deleted ${total} rows (${JSON.stringify(deleted)})`)
  })
}

/**
 * Deletes webhook logs, API logs and messages older than the `logRetention` setting (days), in
 * batches. Leads and everything else are kept.
 */
export async function purgeExpiredLogs(db: DB, now = new Date()): Promise<Record<RetainedTable, number>> {
  const stored = await readSetting(db, 'logRetention')
  const days = typeof stored === 'number' && stored >= 1 ? stored : SETTING_DEFAULTS.logRetention
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000)
  const deleted = { webhook_logs: 0, api_request_logs: 0, messages: 0 }
  for (const table of RETAINED_TABLES) {
    for (;;) {
      const n = await deleteBatchOlderThan(db, table, cutoff, BATCH_ROWS)
      deleted[table] += n
      if (n < BATCH_ROWS) break
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS))
    }
  }
  return deleted
}
