import type { LogDirection, LogType } from '@common/request-logs.ts'
import { type SQL, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import type { Keyset } from '../lib/keyset-cursor.ts'
import { sumLogCounters } from './log-counters.repository.ts'
import { type IndexedLogTable, SEARCH_DOCUMENT } from './log-index.repository.ts'
import { containsPattern, inClients, isoMicros, selectRows, toCount } from './raw-rows.ts'

// webhook_logs and api_request_logs read as one list, newest first (docs/spec/dashboard-spec.md §2.12, docs/spec/product.md §6.1).
// Each table is read through its own (filter, created_at desc, id desc) index and the two
// pages merged, so a page costs two short index scans whatever the size of the tables. The
// indexes are DESC NULLS LAST (drizzle's .desc()); `order by … desc` alone means NULLS FIRST and
// would sort the whole table instead, so every ORDER BY here says `nulls last`.

export interface RequestLogFilters {
  q?: string
  direction?: LogDirection
  endpoint?: string
  type?: LogType
  clientId?: string
  from?: Date
  /** Exclusive end. */
  until?: Date
  /** The caller's client scope; null for every client. */
  clientIds: string[] | null
}

export interface RequestLogRow {
  type: LogType
  id: number
  rank: number
  direction: LogDirection
  endpoint: string
  method: string
  status_code: number | null
  duration: number | null
  client_id: string | null
  platform: string | null
  error: string | null
  created_at: string
  created_key: string
  payload: unknown
  response: unknown
  request_body: unknown
  response_body: unknown
  request_headers: Record<string, unknown> | null
  response_headers: Record<string, unknown> | null
  truncated: boolean
}

/** Sort rank of each source where two entries share a timestamp: api entries first. */
const RANK: Record<LogType, number> = { webhook: 0, api: 1 }

interface Source {
  type: LogType
  table: SQL
  name: IndexedLogTable
  /** Columns of the §3.2 shape that this table lacks are null. */
  columns: (bodyLimit: number | null) => SQL
  platform: SQL
}

/** A JSON body as stored, or its first `limit` characters of JSON text as a string. */
function cut(column: SQL, limit: number | null): SQL {
  if (limit === null) return column
  return sql`case when length(${column}::text) > ${limit} then to_jsonb(left(${column}::text, ${limit})) else ${column} end`
}

function isCut(columns: SQL[], limit: number | null): SQL {
  if (limit === null) return sql`false`
  return sql`(${sql.join(
    columns.map((column) => sql`coalesce(length(${column}::text), 0) > ${limit}`),
    sql` or `,
  )})`
}

const WEBHOOK: Source = {
  type: 'webhook',
  table: sql`webhook_logs`,
  name: 'webhook_logs',
  platform: sql`case when direction = 'outgoing' or lower(endpoint) like '%yelp%' then 'yelp'
    when lower(endpoint) like '%/reply%' or lower(endpoint) like '%ghl%' then 'ghl' else null end`,
  columns: (limit) => sql`null::int as duration,
    ${cut(sql`payload`, limit)} as payload, ${cut(sql`response`, limit)} as response,
    null::jsonb as request_body, null::jsonb as response_body,
    null::jsonb as request_headers, null::jsonb as response_headers,
    ${isCut([sql`payload`, sql`response`], limit)} as truncated`,
}

const API: Source = {
  type: 'api',
  table: sql`api_request_logs`,
  name: 'api_request_logs',
  platform: sql`platform`,
  columns: (limit) => sql`duration,
    null::jsonb as payload, null::jsonb as response,
    ${cut(sql`request_body`, limit)} as request_body, ${cut(sql`response_body`, limit)} as response_body,
    request_headers, response_headers,
    ${isCut([sql`request_body`, sql`response_body`], limit)} as truncated`,
}

const SOURCES = [API, WEBHOOK]

function conditions(source: Source, filters: RequestLogFilters, cursor?: Keyset): SQL[] {
  const where: SQL[] = []
  if (filters.clientIds) where.push(inClients(sql`client_id`, filters.clientIds))
  if (filters.clientId) where.push(sql`client_id = ${filters.clientId}`)
  if (filters.direction) where.push(sql`direction = ${filters.direction}`)
  if (filters.endpoint) where.push(sql`endpoint = ${filters.endpoint}`)
  if (filters.from) where.push(sql`created_at >= ${filters.from.toISOString()}::timestamptz`)
  if (filters.until) where.push(sql`created_at < ${filters.until.toISOString()}::timestamptz`)
  // docs/spec/dashboard-spec.md §2.12 free text: the stored lower-cased document (db/schema.ts
  // search_text) through its trigram index. `like lower(…)` is what ILIKE does, without
  // lower-casing every candidate row again. Rows the log-index job has not reached yet are
  // matched on the document itself: a short tail, read through its own partial index.
  if (filters.q) {
    const pattern = sql`lower(${containsPattern(filters.q)})`
    where.push(sql`(search_text like ${pattern}
      or (search_text is null and ${SEARCH_DOCUMENT[source.name]} like ${pattern}))`)
  }
  if (cursor) {
    const rank = RANK[source.type]
    const at = sql`${cursor.t}::timestamptz`
    // Rows after the cursor in (created_at desc, rank desc, id desc) order.
    if (rank === cursor.r) where.push(sql`(created_at, id) < (${at}, ${cursor.i})`)
    else if (rank < cursor.r) where.push(sql`created_at <= ${at}`)
    else where.push(sql`created_at < ${at}`)
  }
  return where
}

function whereClause(where: SQL[]): SQL {
  return where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``
}

function sourcesFor(filters: RequestLogFilters): Source[] {
  if (filters.clientIds && filters.clientIds.length === 0) return []
  return SOURCES.filter((source) => !filters.type || filters.type === source.type)
}

function selectFrom(source: Source, where: SQL, limit: number, bodyLimit: number | null): SQL {
  return sql`(select ${source.type}::text as type, id, ${RANK[source.type]}::int as rank, direction,
      endpoint, method, status_code, client_id, (${source.platform})::text as platform, error,
      ${isoMicros(sql`created_at`)} as created_key, ${source.columns(bodyLimit)}
    from ${source.table} ${where}
    order by created_at desc nulls last, id desc nulls last
    limit ${limit})`
}

/** One page, newest first, `limit` + 1 rows so the caller knows whether another page follows. */
export async function listRequestLogs(
  db: DB,
  filters: RequestLogFilters,
  page: { limit: number; cursor?: Keyset; bodyLimit: number },
): Promise<RequestLogRow[]> {
  const sources = sourcesFor(filters)
  if (sources.length === 0) return []
  const take = page.limit + 1
  const branches = sources.map((source) =>
    selectFrom(source, whereClause(conditions(source, filters, page.cursor)), take, page.bodyLimit),
  )
  const rows = await selectRows<RequestLogRow>(
    db,
    sql`select * from (${sql.join(branches, sql` union all `)}) merged
      order by created_key desc, rank desc, id desc limit ${take}`,
  )
  return rows.map(normalise)
}

/** X-Total-Count: everything the filters match, both sources. */
export async function countRequestLogs(db: DB, filters: RequestLogFilters): Promise<number> {
  const sources = sourcesFor(filters)
  if (sources.length === 0) return 0
  // Filtered by client and type at most: the counters answer exactly, without reading the rows.
  if (!filters.q && !filters.direction && !filters.endpoint && !filters.from && !filters.until) {
    return sumLogCounters(db, {
      tables: sources.map((source) => (source.type === 'api' ? 'api_request_logs' : 'webhook_logs')),
      clientIds: filters.clientIds,
      clientId: filters.clientId,
    })
  }
  const counts = sources.map(
    (source) => sql`(select count(*) from ${source.table} ${whereClause(conditions(source, filters))})`,
  )
  const [row] = await selectRows<{ total: unknown }>(db, sql`select ${sql.join(counts, sql` + `)} as total`)
  return toCount(row?.total)
}

/** One entry, its bodies uncut; null when unknown or outside the scope. */
export async function findRequestLog(
  db: DB,
  type: LogType,
  id: number,
  clientIds: string[] | null,
): Promise<RequestLogRow | null> {
  const source = type === 'api' ? API : WEBHOOK
  const where = [sql`id = ${id}`]
  if (clientIds) where.push(inClients(sql`client_id`, clientIds))
  const [row] = await selectRows<RequestLogRow>(db, selectFrom(source, whereClause(where), 1, null))
  return row ? normalise(row) : null
}

/**
 * The Endpoint filter's options: the distinct endpoints the caller can see, sorted, at most
 * `max`. Read as a loose index scan over each (endpoint, …) index: one index probe per distinct
 * endpoint instead of a pass over every row.
 */
export async function listRequestLogEndpoints(
  db: DB,
  clientIds: string[] | null,
  max = 1000,
): Promise<string[]> {
  if (clientIds && clientIds.length === 0) return []
  const scope = clientIds ? sql`and ${inClients(sql`client_id`, clientIds)}` : sql``
  const distinct = (table: SQL) => sql`(with recursive walk(endpoint, n) as (
      (select endpoint, 1 from ${table} where true ${scope} order by endpoint limit 1)
      union all
      select (select endpoint from ${table} where endpoint > walk.endpoint ${scope} order by endpoint limit 1),
        n + 1
      from walk where walk.endpoint is not null and n < ${max}
    ) select endpoint from walk where endpoint is not null)`
  const rows = await selectRows<{ endpoint: string }>(
    db,
    sql`select endpoint from (${distinct(sql`webhook_logs`)} union ${distinct(sql`api_request_logs`)}) e
      order by endpoint limit ${max}`,
  )
  return rows.map((row) => row.endpoint)
}

function normalise(row: RequestLogRow): RequestLogRow {
  return {
    ...row,
    id: Number(row.id),
    rank: Number(row.rank),
    status_code: row.status_code === null ? null : Number(row.status_code),
    duration: row.duration === null ? null : Number(row.duration),
    truncated: row.truncated === true || String(row.truncated) === 't' || String(row.truncated) === 'true',
  }
}
