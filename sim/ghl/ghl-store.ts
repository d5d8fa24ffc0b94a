/** The simulator's in-memory GHL world. Everything here is cleared by `POST /__sim/reset`. */

export type DuplicateField = 'email' | 'phone'
export type UserType = 'Location' | 'Company'

export interface GhlLocation {
  id: string
  name: string
  companyId: string
  /** The location's "Allow Duplicate Contact" setting (docs/providers/ghl.md §7 "Duplicate rules"). */
  allowDuplicateContact: boolean
  /** The email/phone priority order used to pick the contact an upsert updates (issue #37). */
  duplicatePriority: DuplicateField[]
  /**
   * The location's "allow duplicate opportunities" setting: off (GHL's default), a second open
   * opportunity of one contact in one pipeline is a 400 (docs/providers/ghl.md §11).
   */
  allowDuplicateOpportunity?: boolean
  /** A suspended sub-account: refreshing answers 400 "Location is not active" (docs/providers/ghl.md §5, issue #249). */
  isActive: boolean
  timezone: string
}

export interface GhlUser {
  id: string
  name: string
  email: string
  companyId: string
  locationIds: string[]
}

/** A sub-account Private Integration Token, the "location key" of docs/providers/ghl.md §6. */
export interface GhlApiKey {
  token: string
  locationId: string
  companyId: string
  scopes: string[]
  createdAt: string
}

export interface GhlAuthCode {
  code: string
  redirectUri: string
  scopes: string[]
  locationId: string
  companyId: string
  userId: string
  expiresAt: number
  used: boolean
}

export interface GhlGrant {
  userType: UserType
  locationId: string | null
  companyId: string
  userId: string
  scopes: string[]
}

export interface GhlAccessToken extends GhlGrant {
  token: string
  expiresAt: number
}

export interface GhlRefreshToken extends GhlGrant {
  token: string
  expiresAt: number
  /** Single use: set when presented once (docs/providers/ghl.md §5 "Treat refresh tokens as single-use"). */
  usedAt: number | null
  revoked: boolean
}

export interface GhlContact {
  id: string
  locationId: string
  firstName?: string | null
  lastName?: string | null
  contactName?: string | null
  email?: string | null
  phone?: string | null
  address1?: string | null
  city?: string | null
  state?: string | null
  postalCode?: string | null
  country?: string | null
  website?: string | null
  timezone?: string | null
  companyName?: string | null
  source?: string | null
  gender?: string | null
  dateOfBirth?: string | null
  assignedTo?: string | null
  dnd?: boolean
  dndSettings?: Record<string, unknown>
  inboundDndSettings?: Record<string, unknown>
  type: 'lead'
  tags: string[]
  customFields: Array<{ id: string; value: unknown }>
  dateAdded: string
  dateUpdated: string
}

export interface GhlCustomField {
  id: string
  name: string
  fieldKey: string
  placeholder: string
  dataType: string
  position: number
  model: 'contact' | 'opportunity'
  picklistOptions: string[]
  picklistImageOptions: string[]
  isAllowedCustomOption: boolean
  isMultiFileAllowed: boolean
  maxFileLimit: number
  textBoxListOptions: unknown[]
  acceptedFormat: string[]
  locationId: string
  documentType: 'field'
  parentId: string | null
  standard: boolean
  dateAdded: string
}

export interface GhlConversation {
  id: string
  locationId: string
  contactId: string
  type: 'TYPE_PHONE'
  lastMessageBody: string | null
  lastMessageType: string | null
  lastMessageDirection: 'inbound' | 'outbound' | null
  lastMessageDate: number | null
  unreadCount: number
  dateAdded: number
  dateUpdated: number
}

export interface GhlMessage {
  id: string
  locationId: string
  contactId: string
  conversationId: string
  messageType: string
  direction: 'inbound' | 'outbound'
  status: string
  body: string
  contentType: string
  attachments: string[]
  dateAdded: string
  /** Sim-clock milliseconds, for the message-status 403 window. */
  createdAtMs: number
  conversationProviderId?: string
  altId?: string
  userId?: string
  source?: string
  subject?: string
  html?: string
  emailMessageId?: string
  error?: unknown
}

/** A sales pipeline of a location with its ordered stages (docs/providers/ghl.md §11). */
export interface GhlPipeline {
  id: string
  name: string
  locationId: string
  stages: Array<{ id: string; name: string; position: number }>
}

export const OPPORTUNITY_STATUSES = ['open', 'won', 'lost', 'abandoned'] as const
export type OpportunityStatus = (typeof OPPORTUNITY_STATUSES)[number]

export interface GhlOpportunity {
  id: string
  locationId: string
  pipelineId: string
  pipelineStageId: string
  contactId: string
  name: string
  status: OpportunityStatus
  monetaryValue: number
  source: string | null
  assignedTo: string | null
  lastStatusChangeAt: string
  lastStageChangeAt: string
  createdAt: string
  updatedAt: string
}

export interface RateWindow {
  windowStart: number
  count: number
  dayStart: number
  dayCount: number
}

export class GhlStore {
  locations = new Map<string, GhlLocation>()
  users = new Map<string, GhlUser>()
  apiKeys = new Map<string, GhlApiKey>()
  authCodes = new Map<string, GhlAuthCode>()
  accessTokens = new Map<string, GhlAccessToken>()
  refreshTokens = new Map<string, GhlRefreshToken>()
  contacts = new Map<string, GhlContact>()
  customFields = new Map<string, GhlCustomField>()
  conversations = new Map<string, GhlConversation>()
  messages = new Map<string, GhlMessage>()
  pipelines = new Map<string, GhlPipeline>()
  opportunities = new Map<string, GhlOpportunity>()
  rateWindows = new Map<string, RateWindow>()
  /** What the next authorization chooses (the real page lets a user pick); null → first location. */
  nextAuthorization: { locationId?: string; userId?: string; deny?: boolean } | null = null

  clear(): void {
    for (const map of [
      this.locations,
      this.users,
      this.apiKeys,
      this.authCodes,
      this.accessTokens,
      this.refreshTokens,
      this.contacts,
      this.customFields,
      this.conversations,
      this.messages,
      this.pipelines,
      this.opportunities,
      this.rateWindows,
    ]) {
      map.clear()
    }
    this.nextAuthorization = null
  }

  contactsOf(locationId: string): GhlContact[] {
    return [...this.contacts.values()].filter((c) => c.locationId === locationId)
  }

  customFieldsOf(locationId: string): GhlCustomField[] {
    return [...this.customFields.values()].filter((f) => f.locationId === locationId)
  }

  conversationsOf(locationId: string): GhlConversation[] {
    return [...this.conversations.values()].filter((c) => c.locationId === locationId)
  }

  messagesOf(locationId: string): GhlMessage[] {
    return [...this.messages.values()].filter((m) => m.locationId === locationId)
  }

  conversationOfContact(contactId: string): GhlConversation | undefined {
    return [...this.conversations.values()].find((c) => c.contactId === contactId)
  }

  pipelinesOf(locationId: string): GhlPipeline[] {
    return [...this.pipelines.values()].filter((p) => p.locationId === locationId)
  }

  opportunitiesOf(locationId: string): GhlOpportunity[] {
    return [...this.opportunities.values()].filter((o) => o.locationId === locationId)
  }

  usersOf(locationId: string): GhlUser[] {
    return [...this.users.values()].filter((u) => u.locationIds.includes(locationId))
  }
}
