import { endOf, type Page, startOf } from '@common/list-query.ts'
import {
  LOG_BODY_LIMIT,
  type LogEntry,
  type LogType,
  type requestLogsQuerySchema,
} from '@common/request-logs.ts'
import type { z } from 'zod'
import type { DB } from '../../db/database.ts'
import { NotFoundError } from '../../lib/errors.ts'
import { redactHeaderValues } from '../../lib/header-redaction.ts'
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.ts'
import {
  countRequestLogs,
  findRequestLog,
  listRequestLogEndpoints,
  listRequestLogs,
  type RequestLogFilters,
  type RequestLogRow,
} from '../../repositories/request-logs.repository.ts'
import type { AuthenticatedSession } from '../auth/auth.service.ts'
import { visibleClientIds } from '../clients/client-scope.ts'

export type ParsedRequestLogsQuery = z.output<typeof requestLogsQuerySchema>

/** API & Webhook Logs (docs/spec/dashboard-spec.md §2.12; docs/spec/product.md §6.1), scoped to the caller's clients. */
export class RequestLogsService {
  constructor(private readonly db: DB) {}

  async list(session: AuthenticatedSession, query: ParsedRequestLogsQuery): Promise<Page<LogEntry>> {
    const cursor = query.cursor ? decodeCursor(query.cursor) : undefined
    const filters: RequestLogFilters = {
      q: query.q || undefined,
      direction: query.direction,
      endpoint: query.endpoint,
      type: query.type,
      clientId: query.clientId,
      from: query.from ? startOf(query.from) : undefined,
      until: query.to ? endOf(query.to) : undefined,
      clientIds: await visibleClientIds(this.db, session),
    }
    const [rows, totalCount] = await Promise.all([
      listRequestLogs(this.db, filters, { limit: query.limit, cursor, bodyLimit: LOG_BODY_LIMIT }),
      countRequestLogs(this.db, filters),
    ])
    const page = rows.slice(0, query.limit)
    const last = page.at(-1)
    const nextCursor =
      rows.length > query.limit && last
        ? encodeCursor({ t: last.created_key, r: last.rank, i: last.id })
        : null
    return { items: page.map(toLogEntry), nextCursor, totalCount }
  }

  /** One entry with its bodies uncut; 404 when unknown or outside the caller's clients. */
  async get(session: AuthenticatedSession, logId: string): Promise<LogEntry> {
    const [type, id] = logId.split(':') as [LogType, string]
    const row = await findRequestLog(this.db, type, Number(id), await visibleClientIds(this.db, session))
    if (!row) throw new NotFoundError(`Log entry ${logId} not found`)
    return toLogEntry(row)
  }

  async endpoints(session: AuthenticatedSession): Promise<string[]> {
    return listRequestLogEndpoints(this.db, await visibleClientIds(this.db, session))
  }
}

function toLogEntry(row: RequestLogRow): LogEntry {
  return {
    id: `${row.type}:${row.id}`,
    type: row.type,
    direction: row.direction,
    platform: row.platform,
    endpoint: row.endpoint,
    method: row.method,
    statusCode: row.status_code,
    duration: row.duration,
    clientId: row.client_id,
    error: row.error,
    createdAt: `${row.created_key.slice(0, 23)}Z`,
    payload: row.payload ?? null,
    response: row.response ?? null,
    requestBody: row.request_body ?? null,
    responseBody: row.response_body ?? null,
    // Redacted when written; again on the way out, for rows written before that rule existed.
    requestHeaders: row.request_headers ? redactHeaderValues(row.request_headers) : null,
    responseHeaders: row.response_headers ? redactHeaderValues(row.response_headers) : null,
    truncated: row.truncated,
  }
}
