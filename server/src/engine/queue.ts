import type { PGlite, Transaction } from '@electric-sql/pglite'
import PgBoss from 'pg-boss'
import type { Database } from '../db/database.ts'

export type { PgBoss }

/**
 * pg-boss on either database. On PostgreSQL it opens its own small pool; on PGlite it goes
 * through an adapter over the single in-process connection (STACK.md: the same logic as
 * pg-boss 12's fromPglite). A transaction-bound adapter lets a job be enqueued in the same
 * transaction as the rows that caused it.
 */
export function createQueue(database: Database): PgBoss {
  const common = {
    schema: 'pgboss',
    // Scheduling and maintenance run in every process; pg-boss itself elects one runner per
    // cron tick through its own locking, so several processes never double-schedule.
    schedule: true,
    supervise: true,
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

/** Stops taking new jobs and waits (up to `timeoutMs`) for the ones in flight to finish. */
export async function stopQueue(boss: PgBoss, timeoutMs = 20_000): Promise<void> {
  await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: true })
}
