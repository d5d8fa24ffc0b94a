import type { YelpEvent, YelpLead } from '../integrations/yelp/yelp.schemas.ts'

// What the engine needs of each provider. The integration clients (YelpLeadsClient, GhlClient)
// implement these; the engine depends on the shape, not the vendor code.

export interface LeadsPort {
  getLead(clientId: string, leadId: string): Promise<YelpLead>
  /** All events, oldest first; with `knownIds`, at least every event newer than a known one. */
  listEvents(
    clientId: string,
    leadId: string,
    options?: { knownIds?: ReadonlySet<string> },
  ): Promise<YelpEvent[]>
  writeText(clientId: string, leadId: string, text: string): Promise<void>
  listLeadIds(
    clientId: string,
    businessId: string,
    range?: { createdAfter?: Date; createdBefore?: Date },
  ): Promise<string[]>
}

export interface GhlContactInputLike {
  locationId: string
  firstName?: string
  lastName?: string
  email?: string
  phone?: string
  postalCode?: string
  source?: string
  tags?: string[]
  customFields?: Array<{ id: string; field_value: unknown }>
}

export interface GhlPort {
  searchDuplicate(
    clientId: string,
    locationId: string,
    q: { email?: string; phone?: string },
  ): Promise<{ id: string } | null>
  getContact(clientId: string, locationId: string, contactId: string): Promise<{ id: string } | null>
  upsertContact(
    clientId: string,
    locationId: string,
    body: GhlContactInputLike,
  ): Promise<{ contact: { id: string }; isNew: boolean }>
  updateContact(
    clientId: string,
    locationId: string,
    contactId: string,
    body: Omit<GhlContactInputLike, 'locationId'>,
  ): Promise<{ id: string }>
  addTags(clientId: string, locationId: string, contactId: string, tags: string[]): Promise<void>
  findConversation(clientId: string, locationId: string, contactId: string): Promise<{ id: string } | null>
  createConversation(clientId: string, locationId: string, contactId: string): Promise<{ id: string }>
  listMessages(
    clientId: string,
    locationId: string,
    conversationId: string,
  ): Promise<Array<{ id: string; altId?: string; direction?: string; body?: string }>>
  addInboundMessage(
    clientId: string,
    locationId: string,
    message: {
      conversationId: string
      contactId: string
      message: string
      attachments?: string[]
      altId: string
      date?: string
      direction?: 'inbound' | 'outbound'
    },
  ): Promise<{ messageId: string }>
  updateMessageStatus(
    clientId: string,
    locationId: string,
    messageId: string,
    status: 'delivered' | 'failed' | 'pending' | 'read',
    error?: { code?: string; message: string },
  ): Promise<void>
}
