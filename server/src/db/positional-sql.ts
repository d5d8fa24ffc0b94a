import { type SQL, sql } from 'drizzle-orm'
import type { DB } from './database.ts'

/**
 * Runs SQL written with positional parameters (`$1`, `$2` …) on a Drizzle handle, a transaction
 * included. It is rebuilt as a Drizzle `sql` object so the same code runs on PGlite's single
 * connection (where the outer handle would deadlock inside a transaction) and on a pooled pg client.
 */
export async function executePositional(
  db: DB,
  text: string,
  values: unknown[] = [],
): Promise<{ rows: unknown[] }> {
  const parts = text.split(/\$(\d+)/)
  const chunks: SQL[] = []
  parts.forEach((part, index) => {
    if (index % 2 === 0) chunks.push(sql.raw(part))
    else chunks.push(sql`${values[Number(part) - 1] ?? null}`)
  })
  const result = (await db.execute(sql.join(chunks, sql.raw('')))) as unknown as { rows: unknown[] }
  return { rows: result.rows }
}
