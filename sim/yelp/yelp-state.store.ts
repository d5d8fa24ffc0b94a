/**
 * The simulator's in-memory world: Yelp users, businesses (with their admin users), leads with
 * their events, and business subscriptions. Tokens live in YelpTokenService; webhooks in the emitter.
 */

export interface YelpUser {
  id: string
  displayName: string
}

export interface YelpBusiness {
  id: string
  name: string
  /** docs/providers/yelp.md §1 Eligibility: leads data only for businesses currently advertising. */
  isAdvertising: boolean
  /** Yelp users with admin rights on the business; an OAuth grant reaches exactly these businesses. */
  adminUserIds: string[]
  /**
   * Not from the docs: a control switch so a test can meet a business whose subscription Yelp
   * will not restore; POST /v3/businesses/subscriptions naming it answers 403 AUTHORIZATION_ERROR
   * (a documented code, docs/providers/yelp.md §3).
   */
  refusesSubscription: boolean
}

export interface YelpAttachment {
  id: string
  url: string
  resource_name: string
  mime_type: string
}

/** `project` exactly as GET /v3/leads/{id} returns it (docs/providers/yelp.md §1, field names medium confidence). */
export interface YelpProject {
  job_names: string[]
  survey_answers: Array<{ question_text: string; answer_text: string[]; question_identifier?: string }>
  location?: { postal_code?: string; city?: string; state?: string }
  additional_info?: string
  availability?: { status: string; dates: string[] }
  attachments: YelpAttachment[]
}

export type YelpUserType = 'CONSUMER' | 'BIZ'

export interface StoredEvent {
  id: string
  /** Shared by a TEXT + ATTACHMENT_GROUPING pair, like the id (docs/providers/yelp.md §1: cursors are not unique). */
  cursor: string
  /** Global arrival order; the events list is ordered by it. */
  seq: number
  eventType: string
  userType: YelpUserType
  userId: string
  userDisplayName: string
  timeMs: number
  text: string
  fallbackText: string
  attachments: YelpAttachment[] | null
  /** Written through POST /v3/leads/{id}/events (the hub's own reply, which still echoes as a webhook). */
  isWrittenViaApi: boolean
  /** Real time (ms) before which the events list leaves it out (the `listsApiWritesAfterMs` setting). */
  listedFromMs?: number
}

export interface StoredLead {
  id: string
  businessId: string
  conversationId: string
  consumerId: string
  consumerName: string
  createdMs: number
  /** Real number, present once the consumer opted in (docs/providers/yelp.md §1 Phone, since 2026-04-16). */
  phoneNumber: string | null
  /** Pre-2026-04-16 masked number, valid 30 days from creation. */
  maskedPhoneNumber: string | null
  temporaryEmail: string | null
  project: YelpProject
  events: StoredEvent[]
  isArchived: boolean
  /** The newest event id marked read (mark_as_read covers it and all earlier ones). */
  readUpToEventId: string | null
  readAt: string | null
  repliedVia: 'PHONE' | 'EMAIL' | null
  costPerLeadCents: number
}

export type SubscriptionType = 'WEBHOOK' | 'LISTING_MANAGEMENT' | 'YELP_KNOWLEDGE'

export interface StoredSubscription {
  businessId: string
  type: SubscriptionType
  /** docs/providers/yelp.md §3: a 202 starts an async job; the subscription only counts from here on. */
  activeFromMs: number
  removeAtMs: number | null
}

export class YelpStore {
  readonly users = new Map<string, YelpUser>()
  readonly businesses = new Map<string, YelpBusiness>()
  readonly leads = new Map<string, StoredLead>()
  private subscriptions: StoredSubscription[] = []
  private seq = 0

  nextSeq(): number {
    this.seq += 1
    return this.seq
  }

  businessIdsOfUser(userId: string): string[] {
    return [...this.businesses.values()].filter((b) => b.adminUserIds.includes(userId)).map((b) => b.id)
  }

  /**
   * Leads data needs an advertising business the user still administers; otherwise Yelp answers
   * 404, not 403 (docs/providers/yelp.md §1 Errors, §4 Business discovery;
   * docs/providers/simulators.md pitfall 7).
   */
  canReadBusiness(userId: string, businessId: string): boolean {
    const business = this.businesses.get(businessId)
    return !!business && business.isAdvertising && business.adminUserIds.includes(userId)
  }

  leadsOfBusiness(businessId: string): StoredLead[] {
    return [...this.leads.values()].filter((lead) => lead.businessId === businessId)
  }

  subscribe(businessIds: string[], types: SubscriptionType[], nowMs: number, delayMs: number): void {
    for (const businessId of businessIds) {
      for (const type of types) {
        const existing = this.subscriptions.find((s) => s.businessId === businessId && s.type === type)
        if (!existing) {
          this.subscriptions.push({ businessId, type, activeFromMs: nowMs + delayMs, removeAtMs: null })
        } else if (existing.removeAtMs !== null && existing.removeAtMs <= nowMs) {
          existing.activeFromMs = nowMs + delayMs
          existing.removeAtMs = null
        } else {
          // Already active or pending: re-adding cancels a pending removal and changes nothing else.
          existing.removeAtMs = null
        }
      }
    }
  }

  unsubscribe(businessIds: string[], types: SubscriptionType[], nowMs: number, delayMs: number): void {
    for (const s of this.subscriptions) {
      if (businessIds.includes(s.businessId) && types.includes(s.type) && s.removeAtMs === null) {
        s.removeAtMs = nowMs + delayMs
      }
    }
  }

  /** A subscription that lapsed silently (docs/providers/yelp.md §2): gone at once, no webhook says so. */
  lapse(businessId: string, type: SubscriptionType): boolean {
    const before = this.subscriptions.length
    this.subscriptions = this.subscriptions.filter((s) => !(s.businessId === businessId && s.type === type))
    return this.subscriptions.length < before
  }

  isSubscribed(businessId: string, type: SubscriptionType, nowMs: number): boolean {
    return this.subscriptions.some(
      (s) => s.businessId === businessId && s.type === type && isActive(s, nowMs),
    )
  }

  activeSubscriptions(type: SubscriptionType, nowMs: number): StoredSubscription[] {
    return this.subscriptions.filter((s) => s.type === type && isActive(s, nowMs))
  }

  allSubscriptions(): StoredSubscription[] {
    return this.subscriptions.map((s) => ({ ...s }))
  }

  clear(): void {
    this.users.clear()
    this.businesses.clear()
    this.leads.clear()
    this.subscriptions = []
    this.seq = 0
  }
}

function isActive(s: StoredSubscription, nowMs: number): boolean {
  return s.activeFromMs <= nowMs && (s.removeAtMs === null || s.removeAtMs > nowMs)
}
