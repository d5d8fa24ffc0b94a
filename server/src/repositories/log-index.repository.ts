import { type SQL, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { API_LOG_SEARCH_TEXT, WEBHOOK_LOG_SEARCH_TEXT } from '../db/schema.ts'
import { selectRows, toCount } from './raw-rows.ts'

// The request logs' derived data, kept off the webhook's answer (migration
// 0018_log_index_off_ack_path): a log row is written with a null search_text, and the log-index
// job later fills it and counts the row in log_counters, in one statement, so a row is counted
// exactly when it becomes indexed. Readers add the rows still null (the `unindexed` partial
// index keeps that tail a short index range): search and totals stay exact while the job lags.

export type IndexedLogTable = 'webhook_logs' | 'api_request_logs'

export const INDEXED_LOG_TABLES: readonly IndexedLogTable[] = ['webhook_logs', 'api_request_logs']

/** The lower-cased free-text document of a row: what search_text holds once filled. */
export const SEARCH_DOCUMENT: Record<IndexedLogTable, SQL> = {
  webhook_logs: sql.raw(`lower(${WEBHOOK_LOG_SEARCH_TEXT})`),
  api_request_logs: sql.raw(`lower(${API_LOG_SEARCH_TEXT})`),
}

/**
 * Fills search_text of at most `limit` unindexed rows of `table`, oldest first, and adds them to
 * log_counters in the same statement; answers how many it indexed. Rows another run holds are
 * skipped, and a row deleted or moved meanwhile is read as it is when its lock is granted, so
 * a delete trigger and this count never disagree about a row.
 */
export async function indexLogTail(db: DB, table: IndexedLogTable, limit: number): Promise<number> {
  const name = sql.raw(table)
  const [row] = await selectRows<{ indexed: unknown }>(
    db,
    sql`with picked as (
        select id from ${name} where search_text is null order by id limit ${limit} for update skip locked
      ), indexed as (
        update ${name} set search_text = ${SEARCH_DOCUMENT[table]}
        from picked where ${name}.id = picked.id and ${name}.search_text is null
        returning ${name}.client_id
      ), counted as (
        insert into log_counters (source, client_key, slot, rows)
        select ${table}, coalesce(client_id, ''), pg_backend_pid() % 16, count(*)
        from indexed group by 2 order by 2
        on conflict (source, client_key, slot) do update set rows = log_counters.rows + excluded.rows
      )
      select count(*) as indexed from indexed`,
  )
  return toCount(row?.indexed)
}

/** A subquery counting `table`'s unindexed rows that match `where`, to add to the counters' sum. */
export function unindexedCount(table: IndexedLogTable, where: SQL[]): SQL {
  const conditions = [sql`search_text is null`, ...where]
  return sql`(select count(*) from ${sql.raw(table)} where ${sql.join(conditions, sql` and `)})`
}

/** PGlite has no autovacuum: the versions the index job's updates left behind. */
export async function vacuumLogTables(db: DB): Promise<void> {
  for (const table of INDEXED_LOG_TABLES) await db.execute(sql`vacuum (analyze) ${sql.raw(table)}`)
}
