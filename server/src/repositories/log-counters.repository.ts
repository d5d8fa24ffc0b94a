import { type SQL, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { INDEXED_LOG_TABLES, type IndexedLogTable, unindexedCount } from './log-index.repository.ts'
import { inClients, selectRows, toCount } from './raw-rows.ts'

// Exact row counts of the log tables from log_counters (db/schema.ts). A sum of at most
// sources × clients × 16 slots rows: what an unfiltered X-Total-Count and the stats'
// totalMessages read instead of a count over every row. Messages are counted by triggers in the
// writing transaction; the request logs once indexed (log-index.repository.ts), so their
// unindexed tail is counted here beside the sum.

export type CountedTable = 'messages' | 'webhook_logs' | 'api_request_logs'

export async function sumLogCounters(
  db: DB,
  options: {
    tables: readonly CountedTable[]
    /** The caller's client scope; null for every client (rows without a client included). */
    clientIds: readonly string[] | null
    /** One client only (the lists' client filter). */
    clientId?: string
  },
): Promise<number> {
  if (options.tables.length === 0) return 0
  const where: SQL[] = [
    sql`source in (${sql.join(
      options.tables.map((table) => sql`${table}`),
      sql`, `,
    )})`,
  ]
  if (options.clientIds) where.push(inClients(sql`client_key`, options.clientIds))
  if (options.clientId !== undefined) where.push(sql`client_key = ${options.clientId}`)
  // One statement, so one snapshot: a row the index job counts meanwhile is either still in the
  // tail or already in the sum, never both or neither.
  const tails = options.tables
    .filter((table): table is IndexedLogTable => INDEXED_LOG_TABLES.includes(table as IndexedLogTable))
    .map((table) => unindexedCount(table, clientConditions(options)))
  const [row] = await selectRows<{ total: unknown }>(
    db,
    sql`select (select coalesce(sum(rows), 0) from log_counters where ${sql.join(where, sql` and `)})
      ${sql.join(
        tails.map((tail) => sql` + ${tail}`),
        sql``,
      )} as total`,
  )
  return toCount(row?.total)
}

/** The same client filters on a log table's own rows. */
function clientConditions(options: { clientIds: readonly string[] | null; clientId?: string }): SQL[] {
  const where: SQL[] = []
  if (options.clientIds) where.push(inClients(sql`client_id`, options.clientIds))
  if (options.clientId !== undefined) where.push(sql`client_id = ${options.clientId}`)
  return where
}
