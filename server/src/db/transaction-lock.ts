import { sql } from 'drizzle-orm'
import type { DB } from './database.ts'

/**
 * Runs `run` inside a transaction holding the PostgreSQL advisory lock `key`: other callers with
 * the same key wait until it commits. Only for a shared PostgreSQL database; PGlite has one
 * connection, and a transaction there blocks every other query until it ends.
 */
export async function withTransactionLock<T>(db: DB, key: number, run: () => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${key})`)
    return run()
  })
}
