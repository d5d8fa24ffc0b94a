import { permanentError } from '../http/provider-api.ts'
import { providerErrorMessage } from '../http/provider-http.ts'
import { ghlConversationSearchSchema, ghlCreatedConversationSchema } from './ghl.schemas.ts'
import { expectOk, type GhlApi, parseGhl } from './ghl-api.ts'

/** GHL conversations of one location: one per contact (docs/providers/ghl.md §9). */
export class GhlConversationsClient {
  constructor(private readonly api: GhlApi) {}

  /** docs/providers/ghl.md §9: one conversation per contact, found by searching on the contact id. */
  async findConversation(
    clientId: string,
    locationId: string,
    contactId: string,
  ): Promise<{ id: string } | null> {
    const query = new URLSearchParams({ locationId, contactId })
    const response = await this.api.send(
      clientId,
      locationId,
      'conversations',
      'GET',
      `/conversations/search?${query}`,
    )
    expectOk(response, `Searching the GoHighLevel conversation of contact ${contactId}`)
    const { conversations } = parseGhl(ghlConversationSearchSchema, response, 'the conversation search')
    const found = conversations.find((c) => c.contactId === undefined || c.contactId === contactId)
    return found ? { id: found.id } : null
  }

  /**
   * Creates the contact's conversation. A second create is undocumented (docs/providers/ghl.md §9); GHL refuses
   * it as already existing, which here means "use that one" — so a resend after a timeout is safe.
   */
  async createConversation(clientId: string, locationId: string, contactId: string): Promise<{ id: string }> {
    const response = await this.api.send(clientId, locationId, 'conversations', 'POST', '/conversations/', {
      json: { locationId, contactId },
      retryOnTimeout: true,
    })
    if (response.status >= 200 && response.status < 300) {
      return { id: parseGhl(ghlCreatedConversationSchema, response, 'the new conversation').conversation.id }
    }
    if (response.status < 500 && /already exists/i.test(providerErrorMessage(response.body) ?? '')) {
      const existing = await this.findConversation(clientId, locationId, contactId)
      if (existing) return existing
      const named = (response.body as { conversationId?: unknown } | null)?.conversationId
      if (typeof named === 'string') return { id: named }
    }
    throw permanentError('ghl', `Creating the GoHighLevel conversation of contact ${contactId}`, response)
  }
}
