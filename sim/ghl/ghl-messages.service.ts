import { randomUUID } from 'node:crypto'
import { badRequest, forbidden, internalError, unprocessable } from './ghl-errors.ts'
import { ghlId } from './ghl-ids.ts'
import type { Caller, GhlContext } from './ghl-route.guard.ts'
import type { GhlContact, GhlConversation, GhlMessage } from './ghl-store.ts'
import { type Body, str } from './ghl-validation.ts'
import type { WebhookDelivery } from './ghl-webhook.emitter.ts'

/** docs/providers/ghl.md §9 issue #4: the status update's answer while GHL is still "downstreaming" a send. */
export const NO_PROVIDER_MESSAGE = 'No conversation provider found for this message'

export interface SendInput {
  locationId: string
  contact: GhlContact
  type: string
  userId: string | null
  message?: string
  html?: string
  subject?: string
  emailFrom?: string
  attachments: string[]
  conversationProviderId?: string
  source: 'api' | 'app'
}

/**
 * Conversations and messages, including the custom conversation provider's rules (docs/providers/ghl.md §9
 * "Custom conversation providers") and the ProviderOutboundMessage the provider's Delivery URL
 * receives when a message is sent on it.
 */
export class GhlMessagesService {
  constructor(private readonly ctx: GhlContext) {}

  conversationFor(contact: GhlContact): GhlConversation {
    return this.ctx.store.conversationOfContact(contact.id) ?? this.createConversation(contact)
  }

  createConversation(contact: GhlContact): GhlConversation {
    const now = this.ctx.clock.now()
    const conversation: GhlConversation = {
      id: ghlId(),
      locationId: contact.locationId,
      contactId: contact.id,
      type: 'TYPE_PHONE',
      lastMessageBody: null,
      lastMessageType: null,
      lastMessageDirection: null,
      lastMessageDate: null,
      unreadCount: 0,
      dateAdded: now,
      dateUpdated: now,
    }
    this.ctx.store.conversations.set(conversation.id, conversation)
    return conversation
  }

  /**
   * docs/providers/ghl.md §9 "Add inbound message" with the provider rules: an extra SMS provider needs its id;
   * `Email` with a custom id silently goes to the default email channel (#19); `Custom` without an
   * id answers 201 with no body and adds nothing (#70); a wrong id answers 500 (#6); a PIT cannot
   * use a Marketplace app's provider (#106/#107). Returns null for the silent #70 case.
   */
  addInbound(caller: Caller, conversation: GhlConversation, dto: Body): GhlMessage | null {
    const type = String(dto.type)
    let providerId = str(dto, 'conversationProviderId')
    if (providerId) this.checkProvider(caller, providerId)
    else if (type === 'Custom') {
      if (this.ctx.config.quirks.customWithoutProviderReturnsEmpty201) return null
      throw unprocessable(['conversationProviderId should not be empty'])
    }
    if (type === 'Email') providerId = undefined
    const date = str(dto, 'date')
    const message = this.record({
      conversation,
      messageType: messageTypeOf(type, providerId),
      direction: dto.direction === 'outbound' ? 'outbound' : 'inbound',
      status: 'delivered',
      body: str(dto, 'message') ?? '',
      attachments: Array.isArray(dto.attachments) ? dto.attachments.map(String) : [],
      dateAdded: date ? new Date(date).toISOString() : this.ctx.clock.iso(),
      conversationProviderId: providerId,
      altId: str(dto, 'altId'),
      subject: str(dto, 'subject'),
      html: str(dto, 'html'),
      emailMessageId: isEmailType(type) ? (str(dto, 'emailMessageId') ?? randomUUID()) : undefined,
    })
    return message
  }

  /** docs/providers/ghl.md §9 "Send message": an outbound message; on the app's provider it goes to the Delivery URL. */
  send(input: SendInput): { message: GhlMessage; delivery: Promise<WebhookDelivery | null> } {
    const conversation = this.conversationFor(input.contact)
    const message = this.record({
      conversation,
      messageType: messageTypeOf(input.type, input.conversationProviderId),
      direction: 'outbound',
      status: 'pending',
      body: input.message ?? '',
      attachments: input.attachments,
      dateAdded: this.ctx.clock.iso(),
      conversationProviderId: input.conversationProviderId,
      userId: input.userId ?? undefined,
      source: input.source,
      subject: input.subject,
      html: input.html,
      emailMessageId: isEmailType(input.type) ? randomUUID() : undefined,
    })
    const isOurs = input.conversationProviderId === this.ctx.config.conversationProviderId
    const replyUrl = this.ctx.config.replyUrl
    const delivery =
      isOurs && replyUrl
        ? this.ctx.webhooks.send(
            'ProviderOutboundMessage',
            replyUrl,
            providerOutboundPayload(message, input, this.latestInboundAltId(conversation)),
          )
        : Promise.resolve(null)
    return { message, delivery }
  }

  /** docs/providers/ghl.md §9 "Update message status": provider app tokens only, 403 while downstreaming (#4). */
  updateStatus(caller: Caller, message: GhlMessage, dto: Body): void {
    const providerId = this.ctx.config.conversationProviderId
    if (caller.kind === 'pit')
      throw forbidden(`You don't have access to the conversationProvider with id ${providerId}`)
    if (message.conversationProviderId !== providerId) throw forbidden(NO_PROVIDER_MESSAGE)
    if (this.ctx.clock.now() - message.createdAtMs < this.ctx.config.messageStatusLockMs) {
      throw forbidden(NO_PROVIDER_MESSAGE)
    }
    message.status = String(dto.status)
    if (dto.error !== undefined) message.error = dto.error
  }

  private latestInboundAltId(conversation: GhlConversation): string | undefined {
    const withAltId = [...this.ctx.store.messages.values()].filter(
      (m) => m.conversationId === conversation.id && m.direction === 'inbound' && m.altId,
    )
    return withAltId.at(-1)?.altId
  }

  /** A provider id other than the app's: 500 (#6, a documented quirk) or 400 when the quirk is off. */
  checkProvider(caller: Caller, providerId: string): void {
    if (providerId !== this.ctx.config.conversationProviderId) {
      if (this.ctx.config.quirks.unknownProviderIdReturns500) throw internalError()
      throw badRequest('Invalid conversationProviderId')
    }
    if (caller.kind === 'pit') {
      throw badRequest(`You don't have access to the conversationProvider with id ${providerId}`)
    }
  }

  private record(
    fields: Omit<
      GhlMessage,
      'id' | 'locationId' | 'contactId' | 'conversationId' | 'contentType' | 'createdAtMs'
    > & {
      conversation: GhlConversation
    },
  ): GhlMessage {
    const { conversation, ...rest } = fields
    const message: GhlMessage = {
      ...rest,
      id: ghlId(),
      locationId: conversation.locationId,
      contactId: conversation.contactId,
      conversationId: conversation.id,
      contentType: 'text/plain',
      createdAtMs: this.ctx.clock.now(),
    }
    for (const key of Object.keys(message) as Array<keyof GhlMessage>) {
      if (message[key] === undefined) delete message[key]
    }
    this.ctx.store.messages.set(message.id, message)
    conversation.lastMessageBody = message.body
    conversation.lastMessageType = message.messageType
    conversation.lastMessageDirection = message.direction
    conversation.lastMessageDate = Date.parse(message.dateAdded)
    conversation.dateUpdated = this.ctx.clock.now()
    if (message.direction === 'inbound') conversation.unreadCount += 1
    return message
  }
}

/**
 * docs/providers/ghl.md §9 ProviderOutboundMessage: the SMS variant carries `phone` and `message`; the email
 * variant (a `Custom` provider) carries `emailMessageId`, `emailTo[]`, `emailFrom`, `subject`,
 * `html` instead, and `replyToAltId` when the thread has an inbound `altId`. No provider id and
 * no conversation id: the hub maps back by `contactId`.
 */
function providerOutboundPayload(
  message: GhlMessage,
  input: SendInput,
  replyToAltId: string | undefined,
): Record<string, unknown> {
  const common = { contactId: message.contactId, locationId: message.locationId, messageId: message.id }
  const tail = { attachments: message.attachments, ...(input.userId ? { userId: input.userId } : {}) }
  if (!isEmailType(input.type)) {
    return { ...common, type: 'SMS', phone: input.contact.phone ?? '', message: message.body, ...tail }
  }
  return {
    ...common,
    type: 'Email',
    emailMessageId: message.emailMessageId,
    emailTo: input.contact.email ? [input.contact.email] : [],
    emailFrom: input.emailFrom ?? '',
    subject: input.subject ?? '',
    html: input.html ?? message.body,
    ...(replyToAltId ? { replyToAltId } : {}),
    ...tail,
  }
}

function isEmailType(type: string): boolean {
  return type === 'Email' || type === 'Custom'
}

/** GHL's `messageType` / `lastMessageType` values (docs/providers/ghl.md §9 conversation object). */
export function messageTypeOf(type: string, providerId: string | undefined): string {
  if (providerId && type === 'SMS') return 'TYPE_CUSTOM_PROVIDER_SMS'
  if (providerId && type === 'Custom') return 'TYPE_CUSTOM_PROVIDER_EMAIL'
  return `TYPE_${type.toUpperCase()}`
}
