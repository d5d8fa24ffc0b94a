import { NotConfiguredError } from '../../lib/errors.ts'
import { PermanentProviderError, StatusNotReadyError } from '../http/provider-errors.ts'
import { providerErrorMessage } from '../http/provider-http.ts'
import { ghlManifest } from './ghl.manifest.ts'
import { type GhlMessage, ghlInboundMessageSchema, ghlMessagesPageSchema } from './ghl.schemas.ts'
import { enc, expectOk, type GhlApi, parseGhl } from './ghl-api.ts'

/**
 * The status update answers 403 for a few seconds after a send (docs/providers/ghl.md §9, GHL
 * issue #4; docs/providers/simulators.md pitfall 10).
 */
const STATUS_NOT_READY_RETRY_MS = 3_000
const MAX_PAGES = 500

/** GHL is not ready to take a status for this message yet (docs/providers/ghl.md §9): try again in a few seconds. */
export class GhlStatusNotReadyError extends StatusNotReadyError {}

/** What the hub adds to a conversation (docs/providers/ghl.md §9 item 3). */
export interface GhlInboundMessage {
  conversationId: string
  contactId: string
  message: string
  attachments?: string[]
  altId: string
  date?: string
  direction?: 'inbound' | 'outbound'
}

export type GhlMessageStatus = 'delivered' | 'failed' | 'pending' | 'read'

/** Messages of GHL conversations, on the app's conversation provider (docs/providers/ghl.md §9). */
export class GhlMessagesClient {
  constructor(private readonly api: GhlApi) {}

  /** Every message of the conversation, newest first as GHL pages them (docs/providers/ghl.md §9 `lastMessageId`/`nextPage`). */
  async listMessages(clientId: string, locationId: string, conversationId: string): Promise<GhlMessage[]> {
    const all: GhlMessage[] = []
    const seen = new Set<string>()
    let lastMessageId: string | undefined
    for (let page = 0; page < MAX_PAGES; page++) {
      const query = new URLSearchParams(lastMessageId ? { lastMessageId } : {})
      const path = `/conversations/${enc(conversationId)}/messages${query.size ? `?${query}` : ''}`
      const response = await this.api.send(clientId, locationId, 'conversations', 'GET', path)
      expectOk(response, `Listing the messages of GoHighLevel conversation ${conversationId}`)
      const { messages } = parseGhl(ghlMessagesPageSchema, response, 'the message page')
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
   * Adds a message to the conversation on the app's extra SMS provider: docs/providers/ghl.md §9 item 3 needs
   * `type: "SMS"` with the `conversationProviderId`. Never resent after a timeout (it may have
   * been added); the caller looks for its `altId` in listMessages first.
   */
  async addInboundMessage(
    clientId: string,
    locationId: string,
    m: GhlInboundMessage,
  ): Promise<{ messageId: string }> {
    const providerId = this.api.config.ghl.conversationProviderId
    if (!providerId) {
      throw new NotConfiguredError(
        `The GoHighLevel conversation provider is not configured on this server: set ${ghlManifest.envKeys.conversationProviderId}`,
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
    const response = await this.api.send(
      clientId,
      locationId,
      'conversations',
      'POST',
      '/conversations/messages/inbound',
      { json: body, retryOnTimeout: false },
    )
    const what = `Adding a message to GoHighLevel conversation ${m.conversationId}`
    expectOk(response, what)
    if (response.body === null) {
      // docs/providers/ghl.md §9 issue #70: an empty 201 means GHL added nothing.
      throw new PermanentProviderError(
        'ghl',
        `${what} failed: GHL answered ${response.status} with no message`,
        response.status,
      )
    }
    return { messageId: parseGhl(ghlInboundMessageSchema, response, 'the added message').messageId }
  }

  /** docs/providers/ghl.md §9: the provider app reports what became of a message GHL asked it to deliver. */
  async updateMessageStatus(
    clientId: string,
    locationId: string,
    messageId: string,
    status: GhlMessageStatus,
    error?: { code?: string; message: string },
  ): Promise<void> {
    const response = await this.api.send(
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
}
