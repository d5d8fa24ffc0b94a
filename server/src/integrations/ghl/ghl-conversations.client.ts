import { z } from 'zod'
import type { AppConfig } from '../../config/config.ts'
import { NotConfiguredError } from '../../lib/errors.ts'
import { describeIssue, lenient } from '../http/lenient-schema.ts'
import { type ApiCall, type ProviderApi, permanentError } from '../http/provider-api.ts'
import { PermanentProviderError, TransientProviderError } from '../http/provider-errors.ts'
import { type ProviderResponse, providerErrorMessage } from '../http/provider-http.ts'
import type { AccessTokenSource } from '../oauth/access-token-source.port.ts'

// ghl.md intro: contacts → Version 2021-07-28, conversations → 2021-04-15 (the wrong one is a 400).
const CONTACTS_VERSION = '2021-07-28'
const CONVERSATIONS_VERSION = '2021-04-15'
/** ghl.md §10: 100 requests per 10 s per app per location. */
export const GHL_RATE_LIMIT = { limit: 100, windowMs: 10_000 }
/** Issue #4 (ghl.md §9/pitfalls #10): the status update answers 403 for a few seconds after a send. */
const STATUS_NOT_READY_RETRY_MS = 3_000
const MAX_PAGES = 500

// ghl.md §7: responses return `customFields: [{id, value}]`; unset fields come back as null.
export const ghlContactSchema = lenient(
  z.looseObject({
    id: z.string(),
    locationId: z.string().optional(),
    email: z.string().optional(),
    phone: z.string().optional(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    tags: z.array(z.string()).optional(),
    customFields: z
      .array(lenient(z.looseObject({ id: z.string(), value: z.unknown().optional() })))
      .optional(),
  }),
)
export type GhlContact = z.infer<typeof ghlContactSchema>

const ghlMessageSchema = lenient(
  z.looseObject({
    id: z.string(),
    altId: z.string().optional(),
    direction: z.string().optional(),
    body: z.string().optional(),
  }),
)
export type GhlMessage = z.infer<typeof ghlMessageSchema>

const upsertSchema = z.looseObject({ new: z.boolean().optional(), contact: ghlContactSchema })
const contactSchema = z.looseObject({ contact: ghlContactSchema })
const duplicateSchema = z.looseObject({ contact: ghlContactSchema.nullish() })
const conversationRef = lenient(z.looseObject({ id: z.string(), contactId: z.string().optional() }))
const searchSchema = z.looseObject({ conversations: z.array(conversationRef) })
const createdConversationSchema = z.looseObject({ conversation: conversationRef })
const messagesPageSchema = z.looseObject({
  messages: lenient(
    z.looseObject({
      lastMessageId: z.string().optional(),
      nextPage: z.boolean().optional(),
      messages: z.array(ghlMessageSchema),
    }),
  ),
})
const inboundSchema = z.looseObject({ messageId: z.string() })

/** ghl.md §7 upsert/create body fields the hub uses; `locationId` is required. */
export interface GhlContactInput {
  locationId: string
  firstName?: string
  lastName?: string
  name?: string
  email?: string
  phone?: string
  postalCode?: string
  source?: string
  tags?: string[]
  customFields?: Array<{ id: string; field_value: unknown }>
}

const CONTACT_INPUT_KEYS = [
  'locationId',
  'firstName',
  'lastName',
  'name',
  'email',
  'phone',
  'postalCode',
  'source',
  'tags',
  'customFields',
] as const

/** Issue #4: GHL is not ready to take a status for this message yet; try again in a few seconds. */
export class GhlStatusNotReadyError extends TransientProviderError {}

type Group = 'contacts' | 'conversations'

/**
 * GHL contacts and conversations of one location, with the client's OAuth token: only the
 * Marketplace app's token may use its conversation provider (ghl.md §6).
 */
export class GhlClient {
  constructor(
    private readonly config: AppConfig,
    private readonly api: ProviderApi,
    private readonly tokens: AccessTokenSource,
  ) {}

  /** ghl.md §7 duplicate search, by email or phone — never by name alone. */
  async searchDuplicate(
    clientId: string,
    locationId: string,
    q: { email?: string; phone?: string },
  ): Promise<GhlContact | null> {
    if (!q.email && !q.phone) return null
    // URLSearchParams encodes `+` in phones and emails, as ghl.md §7 requires.
    const query = new URLSearchParams({ locationId })
    if (q.email) query.set('email', q.email)
    if (q.phone) query.set('number', q.phone)
    const response = await this.send(
      clientId,
      locationId,
      'contacts',
      'GET',
      `/contacts/search/duplicate?${query}`,
    )
    expectOk(response, `Searching GoHighLevel contacts of location ${locationId}`)
    return parse(duplicateSchema, response, 'the duplicate search').contact ?? null
  }

  /** The contact, or null when GHL does not know it (it answers 400 for unknown ids, ghl.md §7). */
  async getContact(clientId: string, locationId: string, contactId: string): Promise<GhlContact | null> {
    const response = await this.send(clientId, locationId, 'contacts', 'GET', `/contacts/${enc(contactId)}`)
    if (response.status === 400 || response.status === 404) return null
    expectOk(response, `Reading GoHighLevel contact ${contactId}`)
    return parse(contactSchema, response, `contact ${contactId}`).contact
  }

  /**
   * ghl.md §7 upsert: follows the location's duplicate rules; `tags` here replace the contact's
   * tags (use addTags to add). Not resent after a timeout: where duplicates are allowed a resend
   * could create a second contact.
   */
  async upsertContact(
    clientId: string,
    locationId: string,
    body: GhlContactInput,
  ): Promise<{ contact: GhlContact; isNew: boolean }> {
    const response = await this.send(clientId, locationId, 'contacts', 'POST', '/contacts/upsert', {
      json: contactBody({ ...body, locationId }),
    })
    expectOk(response, `Upserting a GoHighLevel contact in location ${locationId}`)
    const parsed = parse(upsertSchema, response, 'the upserted contact')
    return { contact: parsed.contact, isNew: parsed.new === true }
  }

  async updateContact(
    clientId: string,
    locationId: string,
    contactId: string,
    body: Omit<GhlContactInput, 'locationId'>,
  ): Promise<GhlContact> {
    // PUT takes no locationId: sending it answers 422 "property locationId should not exist".
    const { locationId: _never, ...fields } = contactBody(body)
    const response = await this.send(clientId, locationId, 'contacts', 'PUT', `/contacts/${enc(contactId)}`, {
      json: fields,
    })
    expectOk(response, `Updating GoHighLevel contact ${contactId}`)
    return parse(contactSchema, response, `contact ${contactId}`).contact
  }

  /** Adds tags without replacing the others (ghl.md §7); adding one twice changes nothing. */
  async addTags(clientId: string, locationId: string, contactId: string, tags: string[]): Promise<void> {
    if (tags.length === 0) return
    const response = await this.send(
      clientId,
      locationId,
      'contacts',
      'POST',
      `/contacts/${enc(contactId)}/tags`,
      {
        json: { tags },
        retryOnTimeout: true,
      },
    )
    expectOk(response, `Tagging GoHighLevel contact ${contactId}`)
  }

  /** ghl.md §9: one conversation per contact, found by searching on the contact id. */
  async findConversation(
    clientId: string,
    locationId: string,
    contactId: string,
  ): Promise<{ id: string } | null> {
    const query = new URLSearchParams({ locationId, contactId })
    const response = await this.send(
      clientId,
      locationId,
      'conversations',
      'GET',
      `/conversations/search?${query}`,
    )
    expectOk(response, `Searching the GoHighLevel conversation of contact ${contactId}`)
    const { conversations } = parse(searchSchema, response, 'the conversation search')
    const found = conversations.find((c) => c.contactId === undefined || c.contactId === contactId)
    return found ? { id: found.id } : null
  }

  /**
   * Creates the contact's conversation. A second create is undocumented (ghl.md §9); GHL refuses
   * it as already existing, which here means "use that one" — so a resend after a timeout is safe.
   */
  async createConversation(clientId: string, locationId: string, contactId: string): Promise<{ id: string }> {
    const response = await this.send(clientId, locationId, 'conversations', 'POST', '/conversations/', {
      json: { locationId, contactId },
      retryOnTimeout: true,
    })
    if (response.status >= 200 && response.status < 300) {
      return { id: parse(createdConversationSchema, response, 'the new conversation').conversation.id }
    }
    if (response.status < 500 && /already exists/i.test(providerErrorMessage(response.body) ?? '')) {
      const existing = await this.findConversation(clientId, locationId, contactId)
      if (existing) return existing
      const named = (response.body as { conversationId?: unknown } | null)?.conversationId
      if (typeof named === 'string') return { id: named }
    }
    throw permanentError('ghl', `Creating the GoHighLevel conversation of contact ${contactId}`, response)
  }

  /** Every message of the conversation, newest first as GHL pages them (ghl.md §9 `lastMessageId`/`nextPage`). */
  async listMessages(clientId: string, locationId: string, conversationId: string): Promise<GhlMessage[]> {
    const all: GhlMessage[] = []
    const seen = new Set<string>()
    let lastMessageId: string | undefined
    for (let page = 0; page < MAX_PAGES; page++) {
      const query = new URLSearchParams(lastMessageId ? { lastMessageId } : {})
      const path = `/conversations/${enc(conversationId)}/messages${query.size ? `?${query}` : ''}`
      const response = await this.send(clientId, locationId, 'conversations', 'GET', path)
      expectOk(response, `Listing the messages of GoHighLevel conversation ${conversationId}`)
      const { messages } = parse(messagesPageSchema, response, 'the message page')
      for (const message of messages.messages) {
        if (seen.has(message.id)) continue
        seen.add(message.id)
        all.push(message)
      }
      const next = messages.lastMessageId ?? messages.messages.at(-1)?.id
      if (!messages.nextPage || !next || next === lastMessageId) break
      lastMessageId = next
    }
    return all
  }

  /**
   * Adds a message to the conversation on the app's extra SMS provider: ghl.md §9 item 3 needs
   * `type: "SMS"` with the `conversationProviderId`. Never resent after a timeout (it may have
   * been added); the caller looks for its `altId` in listMessages first.
   */
  async addInboundMessage(
    clientId: string,
    locationId: string,
    m: {
      conversationId: string
      contactId: string
      message: string
      attachments?: string[]
      altId: string
      date?: string
      direction?: 'inbound' | 'outbound'
    },
  ): Promise<{ messageId: string }> {
    const providerId = this.config.ghl.conversationProviderId
    if (!providerId) {
      throw new NotConfiguredError(
        'The GoHighLevel conversation provider is not configured on this server: set GHL_CONVERSATION_PROVIDER_ID',
      )
    }
    const body: Record<string, unknown> = {
      type: 'SMS',
      conversationProviderId: providerId,
      conversationId: m.conversationId,
      contactId: m.contactId,
      message: m.message,
      altId: m.altId,
      ...(m.attachments?.length ? { attachments: m.attachments } : {}),
      ...(m.date ? { date: m.date } : {}),
      ...(m.direction ? { direction: m.direction } : {}),
    }
    const response = await this.send(
      clientId,
      locationId,
      'conversations',
      'POST',
      '/conversations/messages/inbound',
      {
        json: body,
        retryOnTimeout: false,
      },
    )
    const what = `Adding a message to GoHighLevel conversation ${m.conversationId}`
    expectOk(response, what)
    if (response.body === null) {
      // ghl.md §9 issue #70: an empty 201 means GHL added nothing.
      throw new PermanentProviderError(
        'ghl',
        `${what} failed: GHL answered ${response.status} with no message`,
        response.status,
      )
    }
    return { messageId: parse(inboundSchema, response, 'the added message').messageId }
  }

  /** ghl.md §9: the provider app reports what became of a message GHL asked it to deliver. */
  async updateMessageStatus(
    clientId: string,
    locationId: string,
    messageId: string,
    status: 'delivered' | 'failed' | 'pending' | 'read',
    error?: { code?: string; message: string },
  ): Promise<void> {
    const response = await this.send(
      clientId,
      locationId,
      'conversations',
      'PUT',
      `/conversations/messages/${enc(messageId)}/status`,
      { json: { status, ...(error ? { error } : {}) } },
    )
    const what = `Setting the status of GoHighLevel message ${messageId} to ${status}`
    if (
      response.status === 403 &&
      /no conversation provider found/i.test(providerErrorMessage(response.body) ?? '')
    ) {
      throw new GhlStatusNotReadyError(
        'ghl',
        `${what} failed: GHL is not ready for it yet (403)`,
        STATUS_NOT_READY_RETRY_MS,
      )
    }
    expectOk(response, what)
  }

  private send(
    clientId: string,
    locationId: string,
    group: Group,
    method: string,
    path: string,
    options: { json?: unknown; retryOnTimeout?: boolean } = {},
  ): Promise<ProviderResponse> {
    const call: ApiCall = {
      platform: 'ghl',
      clientId,
      method,
      url: `${this.config.ghl.apiBase}${path}`,
      headers: { version: group === 'contacts' ? CONTACTS_VERSION : CONVERSATIONS_VERSION },
      json: options.json,
      rateKey: `ghl:${locationId}`,
      rateLimit: GHL_RATE_LIMIT,
      token: () => this.tokens.accessToken(clientId),
      refreshToken: (rejected) => this.tokens.refresh(clientId, rejected),
      ...(options.retryOnTimeout === undefined ? {} : { retryOnTimeout: options.retryOnTimeout }),
    }
    return this.api.call(call)
  }
}

/** Only the known, defined properties: GHL answers 422 to any other (ghl.md §7, #262). */
function contactBody(input: Partial<GhlContactInput>): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const key of CONTACT_INPUT_KEYS) if (input[key] !== undefined) body[key] = input[key]
  return body
}

function expectOk(response: ProviderResponse, what: string): void {
  if (response.status < 200 || response.status >= 300) throw permanentError('ghl', what, response)
}

function parse<T extends z.ZodType>(schema: T, response: ProviderResponse, what: string): z.infer<T> {
  const parsed = schema.safeParse(response.body)
  if (parsed.success) return parsed.data
  throw new PermanentProviderError(
    'ghl',
    `GoHighLevel answered ${what} in an unexpected shape (${describeIssue(parsed.error)})`,
    response.status,
    'UNEXPECTED_RESPONSE',
  )
}

function enc(id: string): string {
  return encodeURIComponent(id)
}
