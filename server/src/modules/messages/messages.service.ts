import { endOf, type Page, startOf } from '@common/list-query.ts'
import type {
  MessageDirection,
  MessageLog,
  MessageStatus,
  MessagesQuery,
  messagesQuerySchema,
} from '@common/messages.ts'
import type { z } from 'zod'
import type { DB } from '../../db/database.ts'
import { LEAD_SYNC_QUEUES, QUEUES } from '../../engine/queue/queues.ts'
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.ts'
import {
  countMessageLogs,
  findFailedDeliveryJobs,
  listMessageLogs,
  type MessageLogFilters,
  type MessageLogRow,
} from '../../repositories/message-logs.repository.ts'
import type { AuthenticatedSession } from '../auth/auth.service.ts'
import { visibleClientIds } from '../clients/client-scope.ts'

export type ParsedMessagesQuery = z.output<typeof messagesQuerySchema>
export type { MessagesQuery }

/** Message Logs (docs/spec/dashboard-spec.md §2.11; docs/spec/product.md §6.1), scoped to the caller's clients. */
export class MessagesService {
  constructor(private readonly db: DB) {}

  async list(session: AuthenticatedSession, query: ParsedMessagesQuery): Promise<Page<MessageLog>> {
    const cursor = query.cursor ? decodeCursor(query.cursor) : undefined
    const filters: MessageLogFilters = {
      clientId: query.clientId,
      direction: query.direction,
      status: query.status,
      q: query.q || undefined,
      // `date` is one whole UTC day (docs/spec/product.md §2: the date filter is applied).
      from: query.date ? startOf(query.date) : query.from ? startOf(query.from) : undefined,
      until: query.date ? endOf(query.date) : query.to ? endOf(query.to) : undefined,
      clientIds: await visibleClientIds(this.db, session),
    }
    const [rows, totalCount] = await Promise.all([
      listMessageLogs(this.db, filters, { limit: query.limit, cursor }),
      countMessageLogs(this.db, filters),
    ])
    const page = rows.slice(0, query.limit)
    const last = page.at(-1)
    const nextCursor =
      rows.length > query.limit && last ? encodeCursor({ t: last.created_key, r: 0, i: last.id }) : null
    return { items: await this.withRetries(page), nextCursor, totalCount }
  }

  /** Messages in error get the dead job that would deliver them again, if there is one. */
  private async withRetries(rows: MessageLogRow[]): Promise<MessageLog[]> {
    const failed = rows.filter((row) => row.status === 'error')
    const jobs = await findFailedDeliveryJobs(
      this.db,
      {
        messageRowIds: failed.filter((row) => row.direction === 'outbound').map((row) => row.id),
        leadIds: [
          ...new Set(
            failed
              .filter((row) => row.direction === 'inbound')
              .map((row) => leadIdOf(row))
              .filter((id): id is string => id !== null),
          ),
        ],
      },
      { reply: QUEUES.reply, leadSync: [...LEAD_SYNC_QUEUES] },
    )
    return rows.map((row) => {
      const leadId = leadIdOf(row)
      const job =
        row.status !== 'error'
          ? undefined
          : row.direction === 'outbound'
            ? jobs.find((each) => each.queue === QUEUES.reply && each.messageRowId === row.id)
            : jobs.find((each) => LEAD_SYNC_QUEUES.has(each.queue) && each.leadId === leadId)
      return toMessageLog(row, leadId, job?.id ?? null)
    })
  }
}

function leadIdOf(row: MessageLogRow): string | null {
  const leadId = row.metadata?.leadId
  return typeof leadId === 'string' && leadId ? leadId : null
}

function toMessageLog(row: MessageLogRow, leadId: string | null, retryJobId: string | null): MessageLog {
  const error = row.metadata?.error
  return {
    id: row.id,
    clientId: row.client_id,
    clientName: row.client_name,
    direction: row.direction as MessageDirection,
    platform: row.platform,
    messageId: row.message_id,
    conversationId: row.conversation_id,
    content: row.content,
    status: row.status as MessageStatus,
    metadata: row.metadata,
    createdAt: `${row.created_key.slice(0, 23)}Z`,
    leadId,
    error: row.status === 'error' && typeof error === 'string' ? error : null,
    retryJobId,
  }
}
