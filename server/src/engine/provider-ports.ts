import type { GhlContact, GhlContactInput, GhlMessage } from '../integrations/ghl/ghl.schemas.ts'
import type { GhlInboundMessage, GhlMessageStatus } from '../integrations/ghl/ghl-messages.client.ts'
import type { YelpEvent, YelpLead } from '../integrations/yelp/yelp.schemas.ts'
import type { YelpLeadCost } from '../integrations/yelp/yelp-leads.client.ts'

// What the engine needs of each provider. The integration clients (YelpLeadsClient, GhlClient)
// implement these; the shapes are the providers' own (their zod schemas), written once.

export interface LeadsPort {
  getLead(clientId: string, leadId: string): Promise<YelpLead>
  /** All events, oldest first; with `knownIds`, at least every event newer than a known one. */
  listEvents(
    clientId: string,
    leadId: string,
    options?: { knownIds?: ReadonlySet<string> },
  ): Promise<YelpEvent[]>
  writeText(clientId: string, leadId: string, text: string): Promise<void>
  markAsRead(clientId: string, leadId: string, eventId: string, readAt: Date): Promise<void>
  markAsReplied(
    clientId: string,
    leadId: string,
    replyType: 'PHONE' | 'EMAIL',
  ): Promise<'marked' | 'already_marked'>
  /** The lead's cost_per_lead metric (docs/decisions/0014 "Cost"). */
  getLeadCost(clientId: string, leadId: string): Promise<YelpLeadCost>
  listLeadIds(
    clientId: string,
    businessId: string,
    range?: { createdAfter?: Date; createdBefore?: Date },
  ): Promise<string[]>
}

/** Yelp's business subscriptions (docs/providers/yelp.md §3), with the app's API key. */
export interface SubscriptionsPort {
  /** Whether the API key is set: without it nothing can be checked. */
  isConfigured(): boolean
  /** Business ids with an active WEBHOOK subscription. */
  listWebhookBusinessIds(): Promise<Set<string>>
  resubscribeWebhooks(businessId: string, clientId: string): Promise<void>
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
