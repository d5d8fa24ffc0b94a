import { z } from 'zod'
import { type LeadEvent, leadEventSchema } from './leads.ts'

// The hub's own lead, whatever source it came from (docs/architecture.md, "Sources"). A source's
// adapter (server/src/integrations/<source>/<source>-lead-source.ts) turns the vendor's JSON into
// these shapes; everything after it — the engine, the repositories, the services — reads only these.

/** Who wrote a message: the consumer, the business (on the source or in GHL), or the hub itself. */
export const MESSAGE_AUTHORS = ['consumer', 'business', 'hub'] as const
export type MessageAuthor = (typeof MESSAGE_AUTHORS)[number]

/**
 * `message`: part of the conversation. `contact_changed`: a system event after which the lead's
 * contact details may differ (Yelp's phone opt-in/out), so the lead is read again.
 */
export const MESSAGE_KINDS = ['message', 'contact_changed'] as const
export type MessageKind = (typeof MESSAGE_KINDS)[number]

export const messageAttachmentSchema = z.object({
  id: z.string().nullable(),
  url: z.string().nullable(),
  name: z.string().nullable(),
  mimeType: z.string().nullable(),
})
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>

export const leadMessageSchema = z.object({
  /** The source's id of the message, unique within the lead. */
  id: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  author: z.enum(MESSAGE_AUTHORS),
  authorName: z.string().nullable(),
  /** The words, trimmed; '' for a message of attachments only. */
  text: z.string(),
  attachments: z.array(messageAttachmentSchema),
  /** ISO 8601. */
  time: z.string(),
  /** The source's own name for the event (Yelp's `event_type`), kept for the API's lead shape. */
  sourceType: z.string(),
})
export type LeadMessage = z.infer<typeof leadMessageSchema>

export const surveyAnswerSchema = z.object({ question: z.string(), answers: z.array(z.string()) })
export type SurveyAnswer = z.infer<typeof surveyAnswerSchema>

/** A lead as its source describes it, without its messages. */
export const leadSnapshotSchema = z.object({
  id: z.string(),
  /** The business (a location of the client) the lead was sent to. */
  businessId: z.string().nullable(),
  /** The source's own conversation id, when it has one. */
  conversationId: z.string().nullable(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** A relay address the source gives in place of the consumer's own, and when it stops working. */
  temporaryEmail: z.string().nullable(),
  temporaryEmailExpiresAt: z.string().nullable(),
  job: z.object({
    names: z.array(z.string()),
    details: z.string().nullable(),
    postalCode: z.string().nullable(),
    availability: z.object({ status: z.string().nullable(), dates: z.array(z.string()) }),
    answers: z.array(surveyAnswerSchema),
    attachments: z.array(messageAttachmentSchema),
  }),
  /** ISO 8601. */
  createdAt: z.string(),
  lastActivityAt: z.string().nullable(),
})
export type LeadSnapshot = z.infer<typeof leadSnapshotSchema>

// ---------- the stored conversation ----------
// A lead row keeps its messages in the specification's event shape (docs/spec/dashboard-spec.md
// §3.2: `event_type`, `user_type`, `event_content`), the shape the API answers for every source.
// These two functions are the only translation between it and LeadMessage.

const USER_TYPE_OF: Record<MessageAuthor, string> = { consumer: 'CONSUMER', business: 'BIZ', hub: 'BIZ' }

/** A message in the stored (and answered) event shape. */
export function toStoredEvent(message: LeadMessage): LeadEvent {
  const content: NonNullable<LeadEvent['event_content']> = { text: message.text }
  if (message.attachments.length > 0)
    content.attachments = message.attachments.map((a) => ({
      // What the source did not say stays absent, as the source sent it.
      ...(a.id !== null ? { id: a.id } : {}),
      ...(a.url !== null ? { url: a.url } : {}),
      ...(a.name !== null ? { resource_name: a.name } : {}),
      ...(a.mimeType !== null ? { mime_type: a.mimeType } : {}),
    }))
  return {
    id: message.id,
    kind: message.kind,
    event_type: message.sourceType,
    user_type: USER_TYPE_OF[message.author],
    user_display_name: message.authorName,
    timestamp: message.time,
    time_created: message.time,
    description: message.text,
    event_content: content,
  }
}

/**
 * The messages of a lead row's stored events, oldest first as stored; an entry that is not an
 * event (no id, no time) is skipped rather than trusted.
 */
export function storedMessagesOf(row: { events?: unknown }): LeadMessage[] {
  const stored = Array.isArray(row.events) ? row.events : []
  const messages: LeadMessage[] = []
  for (const entry of stored) {
    const parsed = leadEventSchema.safeParse(entry)
    if (parsed.success) messages.push(messageOfStoredEvent(parsed.data))
  }
  return messages
}

export function messageOfStoredEvent(event: LeadEvent): LeadMessage {
  const content = event.event_content ?? {}
  return {
    id: event.id,
    kind: storedKind(event),
    author: event.user_type === 'CONSUMER' ? 'consumer' : 'business',
    authorName: event.user_display_name ?? null,
    text: (content.text || content.fallback_text || event.description || '').trim(),
    attachments: (content.attachments ?? []).map((a) => ({
      id: a.id ?? null,
      url: a.url ?? null,
      name: a.resource_name ?? null,
      mimeType: a.mime_type ?? null,
    })),
    time: event.time_created,
    sourceType: event.event_type,
  }
}

/** Events stored before the hub kept `kind` are Yelp's: its phone opt-in/out change the contact. */
function storedKind(event: LeadEvent): MessageKind {
  const parsed = z.enum(MESSAGE_KINDS).safeParse(event.kind)
  if (parsed.success) return parsed.data
  return event.event_type.includes('PHONE_NUMBER_OPT') ? 'contact_changed' : 'message'
}

/** Messages a person (or the hub) wrote in the conversation, not system events. */
export function isConversationMessage(message: Pick<LeadMessage, 'kind'>): boolean {
  return message.kind === 'message'
}
