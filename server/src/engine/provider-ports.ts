import type { GhlContact, GhlContactInput, GhlMessage } from '../integrations/ghl/ghl.schemas.ts'
import type { GhlInboundMessage, GhlMessageStatus } from '../integrations/ghl/ghl-messages.client.ts'

// What the engine needs of each provider besides a lead's source (engine/sources/lead-source.ts):
// the GHL client and Yelp's subscriptions implement these; the shapes are the providers' own.

/** Yelp's business subscriptions (docs/providers/yelp.md §3), with the app's API key. */
export interface SubscriptionsPort {
  /** Whether the API key is set: without it nothing can be checked. */
  isConfigured(): boolean
  /** Business ids with an active WEBHOOK subscription. */
  listWebhookBusinessIds(): Promise<Set<string>>
  resubscribeWebhooks(businessId: string, clientId: string): Promise<void>
}

/** Which businesses a Yelp sign-in still reaches (docs/providers/yelp.md §4): a lost business parks its jobs. */
export interface BusinessAccessPort {
  listBusinesses(accessToken: string, clientId: string): Promise<string[]>
}

export interface GhlPort {
  searchDuplicate(
    clientId: string,
    locationId: string,
    q: { email?: string; phone?: string },
  ): Promise<GhlContact | null>
  getContact(clientId: string, locationId: string, contactId: string): Promise<GhlContact | null>
  upsertContact(
    clientId: string,
    locationId: string,
    body: GhlContactInput,
  ): Promise<{ contact: GhlContact; isNew: boolean }>
  updateContact(
    clientId: string,
    locationId: string,
    contactId: string,
    body: Omit<GhlContactInput, 'locationId'>,
  ): Promise<GhlContact>
  addTags(clientId: string, locationId: string, contactId: string, tags: string[]): Promise<void>
  findConversation(clientId: string, locationId: string, contactId: string): Promise<{ id: string } | null>
  createConversation(clientId: string, locationId: string, contactId: string): Promise<{ id: string }>
  listMessages(clientId: string, locationId: string, conversationId: string): Promise<GhlMessage[]>
  addInboundMessage(
    clientId: string,
    locationId: string,
    message: GhlInboundMessage,
  ): Promise<{ messageId: string }>
  updateMessageStatus(
    clientId: string,
    locationId: string,
    messageId: string,
    status: GhlMessageStatus,
    error?: { code?: string; message: string },
  ): Promise<void>
}
