import { sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'

/** The tables log retention empties (never leads, clients or users: docs/spec/product.md §2). */
export const RETAINED_TABLES = ['webhook_logs', 'api_request_logs', 'messages'] as const
export type RetainedTable = (typeof RETAINED_TABLES)[number]

/**
 * The table's id range, to be walked in windows (both ends from the primary key, instantly).
 * The whole range, not only up to the newest expired row: rows are not always inserted in time
 * order (imports, restores), and a window of recent rows costs one short index range scan.
 */
export async function idRange(
  db: DB,
  table: RetainedTable,
): Promise<{ firstId: number; lastId: number } | null> {
  const ident = sql.raw(`"${table}"`)
  const result = await db.execute(sql`select min(id) as first_id, max(id) as last_id from ${ident}`)
  const [row] = (result as unknown as { rows: Array<{ first_id: unknown; last_id: unknown }> }).rows
  if (row?.first_id === null || row?.first_id === undefined) return null
  return { firstId: Number(row.first_id), lastId: Number(row.last_id) }
}

/**
 * A `messages` row is not a log while work on it is still to come: a reply still `pending`, and
 * any row a job names by `messageRowId` that may run again: queued, deferred (a provider's
 * Retry-After, GHL's daily cap), running, parked until the owner reconnects, or dead and
 * retryable by an operator (live or archived). Such a row can be older than the retention
 * period: a job stays parked for as long as nobody reconnects.
 */
const stillNeeded = sql`status <> 'pending' and id not in (
  select (data->>'messageRowId')::int from pgboss.job
    where state in ('created', 'retry', 'active', 'failed') and data ? 'messageRowId'
  union all
  select (data->>'messageRowId')::int from pgboss.archive where state = 'failed' and data ? 'messageRowId'
  union all
  select (data->>'messageRowId')::int from parked_jobs where data ? 'messageRowId'
)`

/**
 * Deletes the rows with `fromId <= id < toId` created before `cutoff`; returns how many went.
 * A primary-key range, not "the oldest N": the embedded database never vacuums or analyses on
 * its own, so "order by created_at limit N" walked the dead rows of every earlier batch (or
 * sorted the table) and took a third of a second per batch, whatever N.
 */
export async function deleteExpiredInIdRange(
  db: DB,
  table: RetainedTable,
  cutoff: Date,
  fromId: number,
  toId: number,
): Promise<number> {
  const ident = sql.raw(`"${table}"`)
  const result = await db.execute(sql`
    with deleted as (
      delete from ${ident}
      where id >= ${fromId} and id < ${toId} and created_at < ${cutoff.toISOString()}::timestamptz
        ${table === 'messages' ? sql`and ${stillNeeded}` : sql``}
      returning 1
    )
    select count(*)::int as n from deleted`)
  const [row] = (result as unknown as { rows: Array<{ n: number | string }> }).rows
  return Number(row?.n ?? 0)
}

/**
 * Empties pg-boss's archive of what nobody reads any more: dead (failed) jobs once they are older
 * than the log-retention `cutoff`, everything else (completed, cancelled) as soon as it is there.
 * The queue is set to keep its archive for log retention's longest value (queue.ts), so a dead
 * job stays listed and retryable until this run removes it.
 */
export async function pruneJobArchive(db: DB, cutoff: Date): Promise<number> {
  const result = await db.execute(sql`
    with deleted as (
      delete from pgboss.archive
      where state <> 'failed' or archived_on < ${cutoff.toISOString()}::timestamptz
      returning 1
    )
    select count(*)::int as n from deleted`)
  const [row] = (result as unknown as { rows: Array<{ n: number | string }> }).rows
  return Number(row?.n ?? 0)
}
