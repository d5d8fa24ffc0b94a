import { SETTING_DEFAULTS } from '@common/settings.ts'
import type { DB } from '../db/database.ts'
import {
  deleteExpiredInIdRange,
  idRange,
  pruneJobArchive,
  RETAINED_TABLES,
  type RetainedTable,
} from '../repositories/retention.repository.ts'
import { readSetting } from '../repositories/settings.repository.ts'
import { QUEUES } from './queue/queues.ts'

/** The purge itself; its job is jobs/log-retention.job.ts. */
export const RETENTION_QUEUE = QUEUES.logRetention
/** Daily at 03:17 UTC: pg-boss sends one job per tick, whichever processes are running. */
export const RETENTION_CRON = '17 3 * * *'
/**
 * Batches are sized so each delete takes about TARGET_STATEMENT_MS, and after each one the purge
 * waits at least as long as it took: it never holds the database (PGlite's one connection, or a
 * PostgreSQL page lock ingest might want) for long, and takes at most about half its time.
 * Measured: fixed 2,000-row batches on PGlite starved webhook ingest to 13 requests/s
 * (bench/RESULTS.md "backups, restore, and retention under ingest").
 */
const TARGET_STATEMENT_MS = 40
const FIRST_BATCH_ROWS = 500
const MIN_BATCH_ROWS = 50
const MAX_BATCH_ROWS = 20_000
const MIN_PAUSE_MS = 10

/**
 * Deletes webhook logs, API logs and messages older than the `logRetention` setting (days), in
 * short batches, and dead jobs pg-boss archived as long ago. Leads and everything else are kept.
 */
export async function purgeExpiredLogs(db: DB, now = new Date()): Promise<Record<RetainedTable, number>> {
  const stored = await readSetting(db, 'logRetention')
  const days = typeof stored === 'number' && stored >= 1 ? stored : SETTING_DEFAULTS.logRetention
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000)
  const deleted = { webhook_logs: 0, api_request_logs: 0, messages: 0 }
  for (const table of RETAINED_TABLES) {
    const range = await idRange(db, table)
    if (!range) continue
    // Windows of ids, sized so each delete takes about TARGET_STATEMENT_MS.
    let window = FIRST_BATCH_ROWS
    for (let from = range.firstId; from <= range.lastId; ) {
      const started = performance.now()
      deleted[table] += await deleteExpiredInIdRange(db, table, cutoff, from, from + window)
      const tookMs = performance.now() - started
      from += window
      window = Math.round(
        Math.min(
          MAX_BATCH_ROWS,
          Math.max(MIN_BATCH_ROWS, (window * TARGET_STATEMENT_MS) / Math.max(tookMs, 1)),
        ),
      )
      await new Promise((resolve) => setTimeout(resolve, Math.max(MIN_PAUSE_MS, tookMs)))
    }
  }
  await pruneJobArchive(db, cutoff)
  return deleted
}
