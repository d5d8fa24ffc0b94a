import type { Alert, AlertState, AlertType, alertsQuerySchema } from '@common/alerts.ts'
import type { Page } from '@common/list-query.ts'
import type { z } from 'zod'
import type { DB } from '../../db/database.ts'
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.ts'
import {
  type AlertHistoryRow,
  countAlertHistory,
  listAlertHistory,
} from '../../repositories/alert-history.repository.ts'
import type { AuthenticatedSession } from '../auth/auth.service.ts'
import { visibleClientIds } from '../clients/client-scope.ts'

/** GET /api/alerts (docs/spec/product.md §9.3): the outbox, newest first, scoped to the caller's clients. */
export class AlertHistoryService {
  constructor(private readonly db: DB) {}

  async list(session: AuthenticatedSession, query: z.output<typeof alertsQuerySchema>): Promise<Page<Alert>> {
    const cursor = query.cursor ? decodeCursor(query.cursor) : undefined
    const filters = {
      type: query.type,
      state: query.state,
      channelId: query.channelId,
      clientId: query.clientId,
      clientIds: await visibleClientIds(this.db, session),
    }
    const [rows, totalCount] = await Promise.all([
      listAlertHistory(this.db, filters, { limit: query.limit, cursor }),
      countAlertHistory(this.db, filters),
    ])
    const page = rows.slice(0, query.limit)
    const last = page.at(-1)
    const nextCursor =
      rows.length > query.limit && last ? encodeCursor({ t: last.created_key, r: 0, i: last.id }) : null
    return { items: page.map(toAlert), nextCursor, totalCount }
  }
}

function toAlert(row: AlertHistoryRow): Alert {
  return {
    id: row.id,
    eventId: row.event_id,
    type: row.type as AlertType,
    channelId: row.channel_id,
    clientId: row.client_id,
    leadId: row.lead_id,
    state: row.state as AlertState,
    attempts: row.attempts,
    reason: row.reason,
    createdAt: new Date(row.created_at).toISOString(),
    sentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
    summary: row.summary ?? '',
  }
}
