import { type SQL, sql } from 'drizzle-orm'
import type PgBoss from 'pg-boss'
import type { DB } from '../../db/database.ts'

/**
 * A pg-boss connection that runs inside a Drizzle transaction, so a job is enqueued together
 * with the rows that caused it (both commit, or neither). pg-boss sends positional SQL
 * (`$1`, `$2` …); it is rebuilt as a Drizzle `sql` object so the same code runs on PGlite's
 * single connection (where the outer handle would deadlock) and on a pooled pg client.
 */
export function transactionDb(tx: DB): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const parts = text.split(/\$(\d+)/)
      const chunks: SQL[] = []
      parts.forEach((part, index) => {
        if (index % 2 === 0) chunks.push(sql.raw(part))
        else chunks.push(sql`${values[Number(part) - 1] ?? null}`)
      })
      const result = (await tx.execute(sql.join(chunks, sql.raw('')))) as unknown as { rows: unknown[] }
      return { rows: result.rows }
    },
  }
}

export function sendInTransaction(
  boss: PgBoss,
  tx: DB,
  name: string,
  data: object,
  options: PgBoss.SendOptions = {},
): Promise<string | null> {
  return boss.send(name, data, { ...options, db: transactionDb(tx) })
}
