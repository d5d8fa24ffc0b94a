import { type SQL, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'

/** Rows of a raw statement: both drivers answer `{ rows }` (node-postgres QueryResult, PGlite Results). */
export async function selectRows<T = Record<string, unknown>>(db: DB, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/**
 * A timestamp column as exact ISO text (microseconds, UTC). Keyset cursors need it: a JS Date
 * keeps only milliseconds, and rows written in the same millisecond would be skipped or repeated.
 */
export function isoMicros(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
}

/** `%text%` for ILIKE with the user's own `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

export function toCount(value: unknown): number {
  return Number(value ?? 0)
}

/** `column in (…)` for a client scope; `null` scope means every client. */
export function inClients(column: SQL, clientIds: readonly string[]): SQL {
  if (clientIds.length === 0) return sql`false`
  return sql`${column} in (${sql.join(
    clientIds.map((id) => sql`${id}`),
    sql`, `,
  )})`
}
