import { type SQL, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { inClients, selectRows, toCount } from './raw-rows.ts'

// Exact row counts of the log tables from log_counters (db/schema.ts), which triggers keep in
// the writing transaction (migration 0011_log_counters_and_search_text). A sum of at most sources × clients ×
// 16 slots rows: what an unfiltered X-Total-Count and the stats' totalMessages read instead of a
// count over every row.

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
  const [row] = await selectRows<{ total: unknown }>(
    db,
    sql`select coalesce(sum(rows), 0) as total from log_counters where ${sql.join(where, sql` and `)}`,
  )
  return toCount(row?.total)
}
