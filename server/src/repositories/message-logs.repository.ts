import type { MessageDirection, MessageStatus } from '@common/messages.ts'
import { type SQL, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { MESSAGE_SEARCH } from '../db/schema.ts'
import type { Keyset } from '../lib/keyset-cursor.ts'
import { sumLogCounters } from './log-counters.repository.ts'
import { containsPattern, inClients, isoMicros, selectRows, toCount } from './raw-rows.ts'

// The Message Logs list (docs/spec/dashboard-spec.md §2.11, docs/spec/product.md §6.1): messages newest first, paged by
// (created_at, id) through the messages_* indexes.

export interface MessageLogFilters {
  clientId?: string
  direction?: MessageDirection
  status?: MessageStatus
  from?: Date
  /** Exclusive end. */
  until?: Date
  q?: string
  /** The caller's client scope; null for every client. */
  clientIds: string[] | null
}

export interface MessageLogRow {
  id: number
  client_id: string
  client_name: string | null
  direction: string
  platform: string | null
  message_id: string | null
  conversation_id: string | null
  content: string | null
  status: string
  metadata: Record<string, unknown> | null
  created_key: string
}

function conditions(filters: MessageLogFilters, cursor?: Keyset): SQL[] {
  const where: SQL[] = []
  if (filters.clientIds) where.push(inClients(sql`m.client_id`, filters.clientIds))
  if (filters.clientId) where.push(sql`m.client_id = ${filters.clientId}`)
  if (filters.direction) where.push(sql`m.direction = ${filters.direction}`)
  if (filters.status) where.push(sql`m.status = ${filters.status}`)
  if (filters.from) where.push(sql`m.created_at >= ${filters.from.toISOString()}::timestamptz`)
  if (filters.until) where.push(sql`m.created_at < ${filters.until.toISOString()}::timestamptz`)
  // Free text over what the table shows and the ids an operator pastes in, through its
  // trigram index (db/schema.ts MESSAGE_SEARCH).
  if (filters.q) where.push(sql`${MESSAGE_SEARCH} ilike ${containsPattern(filters.q)}`)
  if (cursor) where.push(sql`(m.created_at, m.id) < (${cursor.t}::timestamptz, ${cursor.i})`)
  return where
}

function whereClause(where: SQL[]): SQL {
  return where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``
}

/** One page, `limit` + 1 rows so the caller knows whether another page follows. */
export async function listMessageLogs(
  db: DB,
  filters: MessageLogFilters,
  page: { limit: number; cursor?: Keyset },
): Promise<MessageLogRow[]> {
  if (filters.clientIds && filters.clientIds.length === 0) return []
  const rows = await selectRows<MessageLogRow>(
    db,
    sql`select m.id, m.client_id, c.name as client_name, m.direction, m.platform, m.message_id,
        m.conversation_id, m.content, m.status, m.metadata, ${isoMicros(sql`m.created_at`)} as created_key
      from (select * from messages m ${whereClause(conditions(filters, page.cursor))}
        order by m.created_at desc nulls last, m.id desc nulls last limit ${page.limit + 1}) m
      left join clients c on c.client_id = m.client_id
      order by m.created_at desc nulls last, m.id desc nulls last`,
  )
  return rows.map((row) => ({ ...row, id: Number(row.id) }))
}

/** X-Total-Count: every message the filters match. */
export async function countMessageLogs(db: DB, filters: MessageLogFilters): Promise<number> {
  if (filters.clientIds && filters.clientIds.length === 0) return 0
  // Filtered by client at most: the counters answer exactly, without reading the rows.
  if (!filters.direction && !filters.status && !filters.from && !filters.until && !filters.q) {
    return sumLogCounters(db, {
      tables: ['messages'],
      clientIds: filters.clientIds,
      clientId: filters.clientId,
    })
  }
  const [row] = await selectRows<{ total: unknown }>(
    db,
    sql`select count(*) as total from messages m ${whereClause(conditions(filters))}`,
  )
  return toCount(row?.total)
}

export interface RetryableJob {
  id: string
  queue: string
  leadId: string | null
  messageRowId: number | null
}

/**
 * Dead jobs that would deliver these messages again: a reply's job names its message row, a
 * Yelp event's message is delivered by its lead's sync job.
 */
export async function findFailedDeliveryJobs(
  db: DB,
  wanted: { messageRowIds: number[]; leadIds: string[] },
  queues: { reply: string; leadSync: string[] },
): Promise<RetryableJob[]> {
  if (wanted.messageRowIds.length === 0 && wanted.leadIds.length === 0) return []
  const matches: SQL[] = []
  if (wanted.messageRowIds.length)
    matches.push(
      sql`(name = ${queues.reply} and data->>'messageRowId' in (${sql.join(
        wanted.messageRowIds.map((id) => sql`${String(id)}`),
        sql`, `,
      )}))`,
    )
  if (wanted.leadIds.length)
    matches.push(
      sql`(name in (${sql.join(
        queues.leadSync.map((name) => sql`${name}`),
        sql`, `,
      )}) and data->>'leadId' in (${sql.join(
        wanted.leadIds.map((id) => sql`${id}`),
        sql`, `,
      )}))`,
    )
  const rows = await selectRows<{ id: string; name: string; lead_id: string | null; row_id: string | null }>(
    db,
    sql`select id::text as id, name, data->>'leadId' as lead_id, data->>'messageRowId' as row_id
      from pgboss.job
      where state = 'failed' and (${sql.join(matches, sql` or `)})
      order by created_on desc`,
  )
  return rows.map((row) => ({
    id: row.id,
    queue: row.name,
    leadId: row.lead_id,
    messageRowId: row.row_id === null ? null : Number(row.row_id),
  }))
}
