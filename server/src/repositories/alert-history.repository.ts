import { type SQL, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import type { Keyset } from '../lib/keyset-cursor.ts'
import { inClients, isoMicros, selectRows, toCount } from './raw-rows.ts'

// GET /api/alerts (docs/spec/product.md §9.3): the alert outbox newest first, paged by
// (created_at, id) like the other lists.

export interface AlertHistoryFilters {
  type?: string
  state?: string
  channelId?: string
  clientId?: string
  /** The caller's client scope; null for every client. Alerts of no client are the all-client users'. */
  clientIds: string[] | null
}

export interface AlertHistoryRow {
  id: number
  event_id: string
  type: string
  channel_id: string
  client_id: string | null
  lead_id: string | null
  state: string
  attempts: number
  reason: string | null
  created_at: string
  sent_at: string | null
  summary: string | null
  created_key: string
}

function conditions(filters: AlertHistoryFilters, cursor?: Keyset): SQL[] {
  const where: SQL[] = []
  if (filters.clientIds) where.push(inClients(sql`a.client_id`, filters.clientIds))
  if (filters.type) where.push(sql`a.type = ${filters.type}`)
  if (filters.state) where.push(sql`a.state = ${filters.state}`)
  if (filters.channelId) where.push(sql`a.channel_id = ${filters.channelId}`)
  if (filters.clientId) where.push(sql`a.client_id = ${filters.clientId}`)
  if (cursor) where.push(sql`(a.created_at, a.id) < (${cursor.t}::timestamptz, ${cursor.i})`)
  return where
}

function whereClause(where: SQL[]): SQL {
  return where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``
}

/** One page, `limit` + 1 rows so the caller knows whether another page follows. */
export async function listAlertHistory(
  db: DB,
  filters: AlertHistoryFilters,
  page: { limit: number; cursor?: Keyset },
): Promise<AlertHistoryRow[]> {
  const rows = await selectRows<AlertHistoryRow>(
    db,
    sql`select a.id, a.event_id, a.type, a.channel_id, a.client_id, a.lead_id, a.state, a.attempts, a.reason,
        ${isoMicros(sql`a.created_at`)} as created_key, a.created_at, a.sent_at,
        a.payload->>'summary' as summary
      from alerts a ${whereClause(conditions(filters, page.cursor))}
      order by a.created_at desc, a.id desc limit ${page.limit + 1}`,
  )
  return rows.map((row) => ({ ...row, id: Number(row.id), attempts: Number(row.attempts) }))
}

/** X-Total-Count: every alert the filters match. */
export async function countAlertHistory(db: DB, filters: AlertHistoryFilters): Promise<number> {
  const [row] = await selectRows<{ total: unknown }>(
    db,
    sql`select count(*) as total from alerts a ${whereClause(conditions(filters))}`,
  )
  return toCount(row?.total)
}

/** Alerts by state, for the metrics. */
export async function countAlertsByTypeAndState(
  db: DB,
): Promise<Array<{ type: string; state: string; n: number }>> {
  const rows = await selectRows<{ type: string; state: string; n: unknown }>(
    db,
    sql`select type, state, count(*) as n from alerts group by type, state`,
  )
  return rows.map((row) => ({ ...row, n: Number(row.n) }))
}
