import { type SQL, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { inClients, selectRows, toCount } from './raw-rows.ts'

// The counts behind GET /api/stats (definitions: docs/spec/product.md §6). Each is its own subquery so
// "today" reads a created_at index range; totalMessages is the sum of the messages' log_counters rows
// (kept by triggers, migration 0011_log_counters_and_search_text) instead of a count over every message.

export interface StatCounts {
  activeClients: number
  totalClients: number
  connectedIntegrations: number
  messagesToday: number
  errorMessagesToday: number
  totalMessages: number
  webhookErrors: number
}

function scoped(column: SQL, clientIds: string[] | null): SQL {
  return clientIds ? sql`and ${inClients(column, clientIds)}` : sql``
}

export async function readStatCounts(
  db: DB,
  options: { since: Date; clientIds: string[] | null },
): Promise<StatCounts> {
  const { clientIds } = options
  const since = sql`${options.since.toISOString()}::timestamptz`
  const [row] = await selectRows<Record<keyof StatCounts, unknown>>(
    db,
    sql`select
      (select count(*) from clients where true ${scoped(sql`client_id`, clientIds)}) as "totalClients",
      (select count(*) from clients where is_active ${scoped(sql`client_id`, clientIds)}) as "activeClients",
      (select count(*) from clients c
        where exists (select 1 from provider_connections y
            where y.client_id = c.client_id and y.provider = 'yelp' and y.access_token is not null)
          and exists (select 1 from provider_connections g
            where g.client_id = c.client_id and g.provider = 'ghl' and g.access_token is not null)
        ${scoped(sql`c.client_id`, clientIds)}) as "connectedIntegrations",
      (select coalesce(sum(rows), 0) from log_counters where source = 'messages'
        ${scoped(sql`client_key`, clientIds)}) as "totalMessages",
      (select count(*) from messages where created_at >= ${since}
        ${scoped(sql`client_id`, clientIds)}) as "messagesToday",
      (select count(*) from messages where created_at >= ${since} and status = 'error'
        ${scoped(sql`client_id`, clientIds)}) as "errorMessagesToday",
      (select count(*) from webhook_logs where created_at >= ${since}
        and (status_code >= 400 or error is not null)
        ${scoped(sql`client_id`, clientIds)}) as "webhookErrors"`,
  )
  return {
    activeClients: toCount(row?.activeClients),
    totalClients: toCount(row?.totalClients),
    connectedIntegrations: toCount(row?.connectedIntegrations),
    messagesToday: toCount(row?.messagesToday),
    errorMessagesToday: toCount(row?.errorMessagesToday),
    totalMessages: toCount(row?.totalMessages),
    webhookErrors: toCount(row?.webhookErrors),
  }
}

/** Messages per hour since `since` (an hour start), by direction. */
export async function readHourlyActivity(
  db: DB,
  options: { since: Date; clientIds: string[] | null },
): Promise<Array<{ hour: string; inbound: number; outbound: number }>> {
  const rows = await selectRows<{ hour: string; inbound: unknown; outbound: unknown }>(
    db,
    sql`select to_char(date_trunc('hour', created_at at time zone 'UTC'), 'YYYY-MM-DD"T"HH24:00:00.000"Z"') as hour,
        count(*) filter (where direction = 'inbound') as inbound,
        count(*) filter (where direction = 'outbound') as outbound
      from messages
      where created_at >= ${options.since.toISOString()}::timestamptz
        ${scoped(sql`client_id`, options.clientIds)}
      group by 1 order by 1`,
  )
  return rows.map((row) => ({
    hour: row.hour,
    inbound: toCount(row.inbound),
    outbound: toCount(row.outbound),
  }))
}
