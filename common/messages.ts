import { z } from 'zod'
import { cursorParam, dateOrTimestampParam, dayParam, limitParam, searchParam } from './list-query.ts'

// GET /api/messages (docs/spec/dashboard-spec.md §2.11, §3.1; docs/spec/product.md §6.1): the Message Logs list.

export const MESSAGE_DIRECTIONS = ['inbound', 'outbound'] as const
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number]
export const MESSAGE_STATUSES = ['success', 'pending', 'error'] as const
export type MessageStatus = (typeof MESSAGE_STATUSES)[number]

/**
 * docs/spec/dashboard-spec.md §2.11 direction labels, with the platforms named ("review platform"
 * and "CRM" are the spec's neutral words for Yelp and GoHighLevel): an operator reads "Yelp → GHL".
 */
export const MESSAGE_DIRECTION_LABELS: Record<MessageDirection, string> = {
  inbound: 'Yelp → GHL',
  outbound: 'GHL → Yelp',
}

export const messagesQuerySchema = z
  .object({
    clientId: z.string().min(1, 'must not be empty').max(64, 'is not a client id').optional(),
    direction: z.enum(MESSAGE_DIRECTIONS, 'must be inbound or outbound').optional(),
    status: z.enum(MESSAGE_STATUSES, 'must be one of success, pending, error').optional(),
    /** One UTC day (docs/spec/product.md §2: the date filter is applied). */
    date: dayParam.optional(),
    from: dateOrTimestampParam.optional(),
    to: dateOrTimestampParam.optional(),
    q: searchParam,
    limit: limitParam,
    cursor: cursorParam.optional(),
  })
  .superRefine((query, context) => {
    if (query.date && (query.from || query.to)) {
      context.addIssue({ code: 'custom', path: ['date'], message: 'cannot be combined with from or to' })
    }
  })
export type MessagesQuery = z.input<typeof messagesQuerySchema>

export const messageLogSchema = z.object({
  id: z.number(),
  clientId: z.string(),
  /** The client's name, or null when the client was deleted. */
  clientName: z.string().nullable(),
  direction: z.enum(MESSAGE_DIRECTIONS),
  platform: z.string().nullable(),
  messageId: z.string().nullable(),
  conversationId: z.string().nullable(),
  content: z.string().nullable(),
  status: z.enum(MESSAGE_STATUSES),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
  /** The Yelp lead the message belongs to, for the link into the inbox. */
  leadId: z.string().nullable(),
  /** Why a message is in error. */
  error: z.string().nullable(),
  /** A failed job that would deliver this message again, when there is one to retry. */
  retryJobId: z.string().nullable(),
})
export type MessageLog = z.infer<typeof messageLogSchema>
export const messageLogListSchema = z.array(messageLogSchema)
