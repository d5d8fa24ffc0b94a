import { type SQL, sql } from 'drizzle-orm'
import type { DB } from './database.ts'

/**
 * A statement built by one layer to run inside another's (a job insert inside a log insert):
 * what the engine hands around without touching the ORM itself.
 */
export type Statement = SQL

/**
 * SQL written with positional parameters (`$1`, `$2` …) rebuilt as a Drizzle `sql` object: it
 * runs on PGlite's single connection and on a pooled pg client alike, and can be embedded in a
 * larger statement (its parameters are renumbered with the statement's own).
 */
export function positionalSql(text: string, values: readonly unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/)
  const chunks: SQL[] = []
  parts.forEach((part, index) => {
    if (index % 2 === 0) chunks.push(sql.raw(part))
    else chunks.push(sql`${values[Number(part) - 1] ?? null}`)
  })
  return sql.join(chunks, sql.raw(''))
}

/**
 * Runs positional SQL on a Drizzle handle, a transaction included (on PGlite, the outer handle
 * would deadlock inside a transaction).
 */
export async function executePositional(
  db: DB,
  text: string,
  values: unknown[] = [],
): Promise<{ rows: unknown[] }> {
  const result = (await db.execute(positionalSql(text, values))) as unknown as { rows: unknown[] }
  return { rows: result.rows }
}
