import type { FastifyInstance } from 'fastify'
import { ownContact, ownLocation } from './ghl-contacts.routes.ts'
import { badRequest, unprocessable } from './ghl-errors.ts'
import { GhlMessagesService } from './ghl-messages.service.ts'
import { type Caller, type GhlContext, ghlRoute, VERSION_CONVERSATIONS } from './ghl-route.guard.ts'
import type { GhlConversation, GhlMessage, GhlStore } from './ghl-store.ts'
import { type Dto, queryParam, requiredQuery, str, validateDto } from './ghl-validation.ts'

/** docs/providers/ghl.md §9 "Add inbound message" types. */
const INBOUND_TYPES = [
  'SMS',
  'RCS',
  'Email',
  'WhatsApp',
  'GMB',
  'IG',
  'FB',
  'Custom',
  'WebChat',
  'Live_Chat',
  'Call',
  'IVR_Call',
  'Campaign_Call',
  'Campaign_VoiceMail',
  'TIKTOK',
  'ALL_IN_ONE_CHAT',
  'FORM_SUBMISSION',
]
/** docs/providers/ghl.md §9 "Send message" types. */
const SEND_TYPES = ['SMS', 'RCS', 'Email', 'WhatsApp', 'GMB', 'IG', 'FB', 'Custom', 'Live_Chat', 'TIKTOK']

const CREATE_DTO: Dto = {
  locationId: { type: 'string', required: true },
  contactId: { type: 'string', required: true },
}

/**
 * conversations.json ProcessMessageBodyDto: the spec marks type, conversationId, contactId and
 * conversationProviderId required; the provider id is checked by the provider rules instead,
 * since a default SMS/Email provider needs none (docs/providers/ghl.md §9).
 */
const INBOUND_DTO: Dto = {
  type: { type: 'enum', values: INBOUND_TYPES, required: true },
  conversationId: { type: 'string', required: true },
  contactId: { type: 'string', required: true },
  conversationProviderId: { type: 'string' },
  message: { type: 'string' },
  attachments: { type: 'stringArray' },
  html: { type: 'string' },
  subject: { type: 'string' },
  emailFrom: { type: 'string' },
  emailTo: { type: 'string' },
  emailCc: { type: 'stringArray' },
  emailBcc: { type: 'stringArray' },
  emailMessageId: { type: 'string' },
  altId: { type: 'string' },
  direction: { type: 'enum', values: ['inbound', 'outbound'] },
  date: { type: 'string' },
  call: { type: 'object' },
}

/** conversations.json SendMessageBodyDto (`status`/`subType` "required" is a spec artefact, docs/providers/ghl.md §9). */
const SEND_DTO: Dto = {
  type: { type: 'enum', values: SEND_TYPES, required: true },
  contactId: { type: 'string', required: true },
  appointmentId: { type: 'string' },
  attachments: { type: 'stringArray' },
  emailFrom: { type: 'string' },
  emailCc: { type: 'stringArray' },
  emailBcc: { type: 'stringArray' },
  html: { type: 'string' },
  message: { type: 'string' },
  subject: { type: 'string' },
  replyMessageId: { type: 'string' },
  templateId: { type: 'string' },
  threadId: { type: 'string' },
  scheduledTimestamp: { type: 'number' },
  conversationProviderId: { type: 'string' },
  emailTo: { type: 'string' },
  emailReplyMode: { type: 'enum', values: ['reply', 'reply_all'] },
  fromNumber: { type: 'string' },
  toNumber: { type: 'string' },
}

/** conversations.json UpdateMessageStatusDto. */
const STATUS_DTO: Dto = {
  status: { type: 'enum', values: ['delivered', 'failed', 'pending', 'read'], required: true },
  error: { type: 'object' },
  emailMessageId: { type: 'string' },
  recipients: { type: 'stringArray' },
}

export function registerGhlConversationRoutes(app: FastifyInstance, ctx: GhlContext): void {
  const messages = new GhlMessagesService(ctx)
  const v = VERSION_CONVERSATIONS
  const read = { version: v, scope: 'conversations.readonly' } as const
  const write = { version: v, scope: 'conversations.write' } as const
  const messageRead = { version: v, scope: 'conversations/message.readonly' } as const
  const messageWrite = { version: v, scope: 'conversations/message.write' } as const

  app.get(
    '/conversations/search',
    ghlRoute(ctx, read, ({ caller, query }) => {
      const location = ownLocation(ctx, caller, requiredQuery(query, 'locationId'))
      const contactId = queryParam(query, 'contactId')
      const limit = Math.min(Number(queryParam(query, 'limit') ?? 20) || 20, 100)
      const found = ctx.store
        .conversationsOf(location.id)
        .filter((c) => !contactId || c.contactId === contactId)
        .sort((a, b) => (b.lastMessageDate ?? b.dateUpdated) - (a.lastMessageDate ?? a.dateUpdated))
      return {
        status: 200,
        body: {
          conversations: found.slice(0, limit).map((c) => serializeConversation(ctx.store, c)),
          total: found.length,
        },
      }
    }),
  )

  const create = ghlRoute(ctx, write, ({ caller, body }) => {
    const dto = validateDto(body, CREATE_DTO)
    ownLocation(ctx, caller, String(dto.locationId))
    const contact = ownContact(ctx, caller, String(dto.contactId))
    const existing = ctx.store.conversationOfContact(contact.id)
    // docs/providers/ghl.md §9: one conversation per contact; a second create is not documented — refuse it.
    if (existing) throw badRequest('Conversation already exists', { conversationId: existing.id })
    const conversation = messages.createConversation(contact)
    return {
      status: 201,
      body: { success: true, conversation: serializeConversation(ctx.store, conversation) },
    }
  })
  // Documented as `/conversations/`; the core server's ignoreTrailingSlash also answers `/conversations`.
  app.post('/conversations/', create)

  app.get(
    '/conversations/:conversationId',
    ghlRoute(ctx, read, ({ caller, params }) => ({
      status: 200,
      body: serializeConversation(ctx.store, ownConversation(ctx, caller, params.conversationId)),
    })),
  )

  app.get(
    '/conversations/:conversationId/messages',
    ghlRoute(ctx, messageRead, ({ caller, params, query }) => {
      const conversation = ownConversation(ctx, caller, params.conversationId)
      return { status: 200, body: { messages: pageOfMessages(ctx.store, conversation, query) } }
    }),
  )

  app.post(
    '/conversations/messages/inbound',
    ghlRoute(ctx, messageWrite, ({ caller, body }) => {
      const dto = validateDto(body, INBOUND_DTO)
      const date = str(dto, 'date')
      if (date && Number.isNaN(Date.parse(date)))
        throw unprocessable(['date must be a valid ISO 8601 date string'])
      const conversation = ownConversation(ctx, caller, String(dto.conversationId))
      if (conversation.contactId !== dto.contactId) throw badRequest('Contact not found')
      const message = messages.addInbound(caller, conversation, dto)
      // docs/providers/ghl.md §9 issue #70: `Custom` without a provider id → 201 with no body, nothing added.
      if (!message) return { status: 201 }
      return {
        status: 200,
        body: {
          success: true,
          conversationId: conversation.id,
          messageId: message.id,
          message: 'Message added successfully',
          contactId: conversation.contactId,
          dateAdded: message.dateAdded,
          ...(message.emailMessageId ? { emailMessageId: message.emailMessageId } : {}),
        },
      }
    }),
  )

  app.post(
    '/conversations/messages',
    ghlRoute(ctx, messageWrite, ({ caller, body }) => {
      const dto = validateDto(body, SEND_DTO)
      const contact = ownContact(ctx, caller, String(dto.contactId))
      const type = String(dto.type)
      const providerId = str(dto, 'conversationProviderId')
      if (providerId) messages.checkProvider(caller, providerId)
      const attachments = Array.isArray(dto.attachments) ? dto.attachments.map(String) : []
      if (!str(dto, 'message') && !str(dto, 'html') && attachments.length === 0) {
        throw unprocessable(['message should not be empty'])
      }
      const { message } = messages.send({
        locationId: contact.locationId,
        contact,
        type,
        userId: caller.userId,
        message: str(dto, 'message'),
        html: str(dto, 'html'),
        subject: str(dto, 'subject'),
        emailFrom: str(dto, 'emailFrom'),
        attachments,
        conversationProviderId: providerId,
        source: 'api',
      })
      return {
        status: 200,
        body: {
          conversationId: message.conversationId,
          messageId: message.id,
          ...(message.emailMessageId ? { emailMessageId: message.emailMessageId } : {}),
          msg: 'Message queued successfully.',
        },
      }
    }),
  )

  app.put(
    '/conversations/messages/:messageId/status',
    ghlRoute(ctx, messageWrite, ({ caller, params, body }) => {
      const dto = validateDto(body, STATUS_DTO)
      const message = params.messageId ? ctx.store.messages.get(params.messageId) : undefined
      if (!message || message.locationId !== caller.locationId) throw badRequest('Message not found')
      messages.updateStatus(caller, message, dto)
      // The success body is not documented.
      return { status: 200, body: { success: true } }
    }),
  )
}

function ownConversation(ctx: GhlContext, caller: Caller, id: string | undefined): GhlConversation {
  const conversation = id ? ctx.store.conversations.get(id) : undefined
  if (!conversation || conversation.locationId !== caller.locationId)
    throw badRequest('Conversation not found')
  return conversation
}

/**
 * docs/providers/ghl.md §9: newest first, 20 per page, `lastMessageId` continues after that message, `nextPage`
 * says whether more remain; the page is wrapped in `messages` as GHL answers it.
 */
function pageOfMessages(store: GhlStore, conversation: GhlConversation, query: unknown) {
  const limit = Math.min(Number(queryParam(query, 'limit') ?? 20) || 20, 100)
  const types = queryParam(query, 'type')?.split(',')
  const after = queryParam(query, 'lastMessageId')
  let all = [...store.messages.values()]
    .filter((m) => m.conversationId === conversation.id && (!types || types.includes(m.messageType)))
    .reverse()
  if (after) {
    const index = all.findIndex((m) => m.id === after)
    all = index >= 0 ? all.slice(index + 1) : []
  }
  const page = all.slice(0, limit)
  return {
    lastMessageId: page.at(-1)?.id ?? null,
    nextPage: all.length > limit,
    messages: page.map(serializeMessage),
  }
}

export function serializeMessage(message: GhlMessage): Record<string, unknown> {
  const { createdAtMs: _internal, ...rest } = message
  return rest
}

/** docs/providers/ghl.md §9 conversation object, with the contact's name, email and phone as search shows them. */
export function serializeConversation(
  store: GhlStore,
  conversation: GhlConversation,
): Record<string, unknown> {
  const contact = store.contacts.get(conversation.contactId)
  return {
    ...conversation,
    fullName: contact?.contactName ?? null,
    contactName: contact?.contactName ?? null,
    email: contact?.email ?? null,
    phone: contact?.phone ?? null,
  }
}
