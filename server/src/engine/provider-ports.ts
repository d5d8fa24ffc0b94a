// What the engine needs of each provider besides a lead's source (engine/sources/lead-source.ts),
// in the engine's own terms: only the fields the engine reads or sends. The GHL client and Yelp's
// subscriptions implement these; their parsed shapes carry these fields and more.

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

/** A CRM contact: the engine only needs its id. */
export interface CrmContact {
  id: string
}

/** The contact properties the hub writes (docs/providers/ghl.md §7); only these are sent. */
export interface CrmContactInput {
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

/** A message of a CRM conversation; `altId` is the hub's own id for it, to find it again. */
export interface CrmMessage {
  id: string
  altId?: string
}

/** What the hub adds to a conversation (docs/providers/ghl.md §9 item 3). */
export interface CrmInboundMessage {
  conversationId: string
  contactId: string
  message: string
  attachments?: string[]
  altId: string
  date?: string
  direction?: 'inbound' | 'outbound'
}

export type CrmMessageStatus = 'delivered' | 'failed' | 'pending' | 'read'

/** GoHighLevel, the CRM leads are forwarded to (docs/providers/ghl.md). */
export interface GhlPort {
  searchDuplicate(
    clientId: string,
    locationId: string,
    q: { email?: string; phone?: string },
  ): Promise<CrmContact | null>
  getContact(clientId: string, locationId: string, contactId: string): Promise<CrmContact | null>
  upsertContact(
    clientId: string,
    locationId: string,
    body: CrmContactInput,
  ): Promise<{ contact: CrmContact; isNew: boolean }>
  updateContact(
    clientId: string,
    locationId: string,
    contactId: string,
    body: Omit<CrmContactInput, 'locationId'>,
  ): Promise<CrmContact>
  addTags(clientId: string, locationId: string, contactId: string, tags: string[]): Promise<void>
  findConversation(clientId: string, locationId: string, contactId: string): Promise<{ id: string } | null>
  createConversation(clientId: string, locationId: string, contactId: string): Promise<{ id: string }>
  listMessages(clientId: string, locationId: string, conversationId: string): Promise<CrmMessage[]>
  addInboundMessage(
    clientId: string,
    locationId: string,
    message: CrmInboundMessage,
  ): Promise<{ messageId: string }>
  updateMessageStatus(
    clientId: string,
    locationId: string,
    messageId: string,
    status: CrmMessageStatus,
    error?: { code?: string; message: string },
  ): Promise<void>
}
