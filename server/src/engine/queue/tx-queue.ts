import type PgBoss from 'pg-boss'
import type { DB } from '../../db/database.ts'
import { executePositional } from '../../db/positional-sql.ts'

/**
 * A pg-boss connection that runs inside a Drizzle transaction, so a job is enqueued together
 * with the rows that caused it (both commit, or neither).
 */
export function transactionDb(tx: DB): PgBoss.Db {
  return { executeSql: (text: string, values: unknown[] = []) => executePositional(tx, text, values) }
}
