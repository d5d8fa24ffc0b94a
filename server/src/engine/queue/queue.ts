import type { PGlite, Transaction } from '@electric-sql/pglite'
import PgBoss from 'pg-boss'
import type { Database, DB } from '../../db/database.ts'
import { QUEUE_SCHEMA } from '../../db/schema-sources.ts'
import { withTransactionLock } from '../../db/transaction-lock.ts'

export type { PgBoss }

/**
 * pg-boss on either database. On PostgreSQL it opens its own small pool; on PGlite it goes
 * through an adapter over the single in-process connection (STACK.md: the same logic as
 * pg-boss 12's fromPglite). A transaction-bound adapter lets a job be enqueued in the same
 * transaction as the rows that caused it.
 */
export function createQueue(database: Database): PgBoss {
  const common = {
    schema: QUEUE_SCHEMA,
    // Scheduling and maintenance run in every process; pg-boss itself elects one runner per
    // cron tick through its own locking, so several processes never double-schedule.
    schedule: true,
    supervise: true,
    // Maintenance fails expired jobs into retries (queues.ts JOB_EXPIRE_SECONDS); every 10 s
    // instead of every 2 minutes, so the work of a crashed process resumes within about 40 s.
    maintenanceIntervalSeconds: 10,
    // pg-boss drops archived jobs after 7 days; dead ones must stay listed and retryable for the
    // log-retention period (up to 3,650 days), so the daily retention run prunes the archive
    // instead (retention.repository.ts pruneJobArchive).
    deleteAfterDays: 3650,
  }
  if (database.pglite) return new PgBoss({ ...common, db: pgliteExecutor(database.pglite) })
  return new PgBoss({ ...common, connectionString: database.url, max: 4 })
}

export function pgliteExecutor(q: PGlite | Transaction): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      try {
        if (values?.length) return await q.query(text, values)
        // pg-boss sends multi-statement DDL scripts without parameters.
        return { rows: (await q.exec(text)).flatMap((r) => r.rows ?? []) }
      } catch (error) {
        // A failed script can leave PGlite's only connection inside an aborted transaction.
        if (!('rollback' in q)) await q.query('ROLLBACK').catch(() => {})
        throw error
      }
    },
  }
}

// Any fixed number, distinct from the migration lock's (db/database.ts).
const QUEUE_SETUP_LOCK_KEY = 7_214_010

/**
 * Runs pg-boss queue creation and updates one process at a time on a shared PostgreSQL database:
 * `create_queue` adds a partition to pgboss.job and a foreign key to pgboss.queue, and two
 * processes starting together on a fresh database deadlocked there ("deadlock detected", one
 * of them exiting). A transaction-scoped advisory lock on the app's pool serialises them; the
 * embedded database has one process and one connection (a transaction there would block
 * pg-boss's own queries), so it runs as is.
 */
export async function withQueueSetupLock<T>(db: DB, isShared: boolean, run: () => Promise<T>): Promise<T> {
  if (!isShared) return run()
  return withTransactionLock(db, QUEUE_SETUP_LOCK_KEY, run)
}

/** Stops taking new jobs and waits (up to `timeoutMs`) for the ones in flight to finish. */
export async function stopQueue(boss: PgBoss, timeoutMs = 20_000): Promise<void> {
  await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: true })
}
