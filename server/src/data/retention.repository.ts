import { sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'

/** The tables log retention empties (never leads, clients or users: docs/spec/product.md §2). */
export const RETAINED_TABLES = ['webhook_logs', 'api_request_logs', 'messages'] as const
export type RetainedTable = (typeof RETAINED_TABLES)[number]

/**
 * Deletes up to `limit` rows of `table` created before `cutoff`, oldest first, and returns how
 * many went. Small batches, each its own short statement, so webhook ingest (which inserts into
 * webhook_logs) never waits long behind the purge.
 */
export async function deleteBatchOlderThan(
  db: DB,
  table: RetainedTable,
  cutoff: Date,
  limit: number,
): Promise<number> {
  const ident = sql.raw(`"${table}"`)
  const result = await db.execute(sql`
    with doomed as (
      select id from ${ident} where created_at < ${cutoff.toISOString()}::timestamptz order by created_at, id limit ${limit}
    ), deleted as (
      delete from ${ident} where id in (select id from doomed) returning 1
    )
    select count(*)::int as n from deleted`)
  const [row] = (result as unknown as { rows: Array<{ n: number | string }> }).rows
  return Number(row?.n ?? 0)
}
