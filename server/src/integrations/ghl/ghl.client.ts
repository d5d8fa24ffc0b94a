import type { ProviderApi } from '../http/provider-api.ts'
import type { AccessTokenSource } from '../oauth/access-token-source.port.ts'
import type { GhlConfig } from './ghl.manifest.ts'
import type { GhlContact, GhlContactInput, GhlMessage } from './ghl.schemas.ts'
import { GhlApi } from './ghl-api.ts'
import { GhlContactsClient } from './ghl-contacts.client.ts'
import { GhlConversationsClient } from './ghl-conversations.client.ts'
import { type GhlInboundMessage, type GhlMessageStatus, GhlMessagesClient } from './ghl-messages.client.ts'
import { GhlOpportunitiesClient } from './ghl-opportunities.client.ts'

/**
 * The GHL calls a lead's sync and a reply make, as one object (the engine's GhlPort): contacts,
 * conversations and messages of a location, each a client of its own over one GhlApi.
 */
export class GhlClient {
  private readonly contacts: GhlContactsClient
  private readonly conversations: GhlConversationsClient
  private readonly messages: GhlMessagesClient
  /** Pipelines and opportunities (docs/providers/ghl.md §11). */
  readonly opportunities: GhlOpportunitiesClient

  constructor(config: GhlConfig, api: ProviderApi, tokens: AccessTokenSource) {
    const ghl = new GhlApi(config, api, tokens)
    this.contacts = new GhlContactsClient(ghl)
    this.conversations = new GhlConversationsClient(ghl)
    this.messages = new GhlMessagesClient(ghl)
    this.opportunities = new GhlOpportunitiesClient(ghl)
  }

  searchDuplicate(
    clientId: string,
    locationId: string,
    q: { email?: string; phone?: string },
  ): Promise<GhlContact | null> {
    return this.contacts.searchDuplicate(clientId, locationId, q)
  }

  getContact(clientId: string, locationId: string, contactId: string): Promise<GhlContact | null> {
    return this.contacts.getContact(clientId, locationId, contactId)
  }

  upsertContact(
    clientId: string,
    locationId: string,
    body: GhlContactInput,
  ): Promise<{ contact: GhlContact; isNew: boolean }> {
    return this.contacts.upsertContact(clientId, locationId, body)
  }

  updateContact(
    clientId: string,
    locationId: string,
    contactId: string,
    body: Omit<GhlContactInput, 'locationId'>,
  ): Promise<GhlContact> {
    return this.contacts.updateContact(clientId, locationId, contactId, body)
  }

  addTags(clientId: string, locationId: string, contactId: string, tags: string[]): Promise<void> {
    return this.contacts.addTags(clientId, locationId, contactId, tags)
  }

  findConversation(clientId: string, locationId: string, contactId: string): Promise<{ id: string } | null> {
    return this.conversations.findConversation(clientId, locationId, contactId)
  }

  createConversation(clientId: string, locationId: string, contactId: string): Promise<{ id: string }> {
    return this.conversations.createConversation(clientId, locationId, contactId)
  }

  listMessages(clientId: string, locationId: string, conversationId: string): Promise<GhlMessage[]> {
    return this.messages.listMessages(clientId, locationId, conversationId)
  }

  addInboundMessage(
    clientId: string,
    locationId: string,
    message: GhlInboundMessage,
  ): Promise<{ messageId: string }> {
    return this.messages.addInboundMessage(clientId, locationId, message)
  }

  updateMessageStatus(
    clientId: string,
    locationId: string,
    messageId: string,
    status: GhlMessageStatus,
    error?: { code?: string; message: string },
  ): Promise<void> {
    return this.messages.updateMessageStatus(clientId, locationId, messageId, status, error)
  }
}
