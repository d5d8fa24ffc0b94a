import { randomBytes } from 'node:crypto'
import type { SimClock } from '../core/sim-clock.ts'
import {
  type AttachmentInput,
  type BusinessInput,
  type BusinessPatch,
  businessInput,
  businessPatch,
  type LeadInput,
  leadInput,
  type MessageInput,
  messageInput,
  type UserInput,
  userInput,
} from './yelp-control.schemas.ts'
import { ControlError } from './yelp-errors.ts'
import { yelpId } from './yelp-ids.ts'
import { raqSubmitText } from './yelp-lead.mapper.ts'
import type { ResolvedYelpSimOptions } from './yelp-sim.options.ts'
import type {
  StoredEvent,
  StoredLead,
  YelpAttachment,
  YelpBusiness,
  YelpStore,
  YelpUser,
  YelpUserType,
} from './yelp-state.store.ts'
import { DAY_MS, parseZonedTime, yelpTime } from './yelp-time.ts'
import type { YelpWebhookEmitter } from './yelp-webhook.emitter.ts'

interface EventSpec {
  eventType: string
  from: YelpUserType
  text: string
  attachments: AttachmentInput[]
  timeMs: number
  /** For BIZ events: the Yelp user who wrote it (the token's user for API writes). */
  bizUserId?: string
}

/**
 * The rules of Yelp's world that both the API routes and the control API go through: seeding,
 * appending events and the NEW_EVENT webhook every interaction triggers (docs/providers/yelp.md §2).
 */
export class YelpLeadsService {
  constructor(
    private readonly store: YelpStore,
    private readonly clock: SimClock,
    private readonly webhooks: YelpWebhookEmitter,
    private readonly options: ResolvedYelpSimOptions,
  ) {}

  /** The sim clock, so this service can be handed to seedYelpSample directly. */
  now(): number {
    return this.clock.now()
  }

  addUser(input: UserInput): YelpUser {
    const parsed = userInput.parse(input)
    const user: YelpUser = { id: parsed.id ?? yelpId(), displayName: parsed.displayName }
    if (this.store.users.has(user.id)) throw new ControlError(409, `User ${user.id} already exists`)
    this.store.users.set(user.id, user)
    return user
  }

  addBusiness(input: BusinessInput): YelpBusiness {
    const parsed = businessInput.parse(input)
    const business: YelpBusiness = {
      id: parsed.id ?? yelpId(),
      name: parsed.name,
      isAdvertising: parsed.isAdvertising,
      adminUserIds: this.knownUsers(parsed.adminUserIds),
      refusesSubscription: parsed.refusesSubscription,
    }
    if (this.store.businesses.has(business.id))
      throw new ControlError(409, `Business ${business.id} already exists`)
    this.store.businesses.set(business.id, business)
    if (parsed.isSubscribed) this.store.subscribe([business.id], ['WEBHOOK'], this.clock.now(), 0)
    return business
  }

  updateBusiness(businessId: string, patch: BusinessPatch): YelpBusiness {
    const parsed = businessPatch.parse(patch)
    const business = this.business(businessId)
    if (parsed.name !== undefined) business.name = parsed.name
    if (parsed.isAdvertising !== undefined) business.isAdvertising = parsed.isAdvertising
    if (parsed.adminUserIds !== undefined) business.adminUserIds = this.knownUsers(parsed.adminUserIds)
    if (parsed.refusesSubscription !== undefined) business.refusesSubscription = parsed.refusesSubscription
    return business
  }

  /** The business's WEBHOOK subscription lapses silently (404 when it had none in effect or pending). */
  lapseSubscription(businessId: string): { businessId: string; lapsed: true } {
    this.business(businessId)
    if (!this.store.lapse(businessId, 'WEBHOOK')) {
      throw new ControlError(404, `Business ${businessId} has no WEBHOOK subscription`)
    }
    return { businessId, lapsed: true }
  }

  /**
   * The user loses admin on the business: their tokens then get 404 for its leads
   * (docs/providers/simulators.md pitfall 7).
   */
  revokeBusinessAccess(userId: string, businessId: string): YelpBusiness {
    if (!this.store.users.has(userId)) throw new ControlError(404, `No user ${userId}`)
    const business = this.business(businessId)
    business.adminUserIds = business.adminUserIds.filter((id) => id !== userId)
    return business
  }

  addLead(input: LeadInput): StoredLead {
    const parsed = leadInput.parse(input)
    const business = this.store.businesses.get(parsed.businessId)
    if (!business) throw new ControlError(400, `businessId: no business ${parsed.businessId}`)
    const id = parsed.id ?? yelpId()
    if (this.store.leads.has(id)) throw new ControlError(409, `Lead ${id} already exists`)
    // Whole seconds, as Yelp shows it, so a time copied from `time_created` matches inclusive filters.
    const createdMs = wholeSecond(
      parsed.createdAt ? (parseZonedTime(parsed.createdAt) ?? this.clock.now()) : this.clock.now(),
    )
    const lead: StoredLead = {
      id,
      businessId: business.id,
      conversationId: yelpId(),
      consumerId: yelpId(),
      consumerName: parsed.consumerName,
      createdMs,
      phoneNumber: parsed.phoneNumber,
      maskedPhoneNumber: parsed.maskedPhoneNumber,
      temporaryEmail:
        parsed.temporaryEmail === undefined
          ? `${randomBytes(5).toString('hex')}@messaging.yelp.com`
          : parsed.temporaryEmail,
      project: { ...parsed.project, attachments: parsed.project.attachments.map(toAttachment) },
      events: [],
      isArchived: parsed.isArchived,
      readUpToEventId: null,
      readAt: null,
      repliedVia: null,
      costPerLeadCents: parsed.costPerLeadCents,
    }
    this.store.leads.set(id, lead)
    const specs: EventSpec[] = parsed.events
      ? parsed.events.map((e, index) => ({
          ...e,
          // Seeded history without times is spread a minute apart from the lead's creation.
          timeMs: e.at
            ? (parseZonedTime(e.at) ?? createdMs)
            : Math.min(createdMs + index * 60_000, this.clock.now()),
        }))
      : [
          {
            eventType: 'RAQ_SUBMIT',
            from: 'CONSUMER',
            text: raqSubmitText(lead, parsed.message),
            attachments: [],
            timeMs: createdMs,
          },
        ]
    for (const spec of specs) {
      const events = this.append(lead, spec, false)
      if (parsed.notify) this.notifyNewEvent(lead, events)
    }
    return lead
  }

  /** A message typed on Yelp (by the consumer, or by the business in Yelp's own inbox). */
  addMessage(leadId: string, input: MessageInput): StoredEvent[] {
    const parsed = messageInput.parse(input)
    const lead = this.lead(leadId)
    const timeMs = parsed.at ? (parseZonedTime(parsed.at) ?? this.clock.now()) : this.clock.now()
    const events = this.append(lead, { ...parsed, timeMs }, false)
    this.notifyNewEvent(lead, events)
    return events
  }

  /**
   * `POST /v3/leads/{id}/events`: the hub's reply, echoed back as a webhook like any other
   * (docs/providers/simulators.md pitfall 3).
   */
  writeBizText(lead: StoredLead, userId: string, text: string, listedFromMs?: number): StoredEvent {
    const events = this.append(
      lead,
      { eventType: 'TEXT', from: 'BIZ', text, attachments: [], timeMs: this.clock.now(), bizUserId: userId },
      true,
    )
    if (listedFromMs !== undefined) for (const event of events) event.listedFromMs = listedFromMs
    this.notifyNewEvent(lead, events)
    const [event] = events
    if (!event) throw new Error('append produced no event')
    return event
  }

  archiveLead(leadId: string): StoredLead {
    const lead = this.lead(leadId)
    lead.isArchived = true
    return lead
  }

  /**
   * docs/providers/yelp.md §2 phone variant: an update with no `event_id`, sent only for leads up to 2 weeks old
   * and only when enabled for the partner. The event itself appears in the lead's events too.
   */
  setPhoneOptIn(leadId: string, phoneNumber: string | null): StoredLead {
    const lead = this.lead(leadId)
    lead.phoneNumber = phoneNumber
    const isOptIn = phoneNumber !== null
    const eventType = isOptIn ? 'CONSUMER_PHONE_NUMBER_OPT_IN_EVENT' : 'CONSUMER_PHONE_NUMBER_OPT_OUT_EVENT'
    const text = isOptIn
      ? `${lead.consumerName} shared their phone number.`
      : `${lead.consumerName} stopped sharing their phone number.`
    this.append(lead, { eventType, from: 'CONSUMER', text, attachments: [], timeMs: this.clock.now() }, false)
    if (this.options.phoneWebhooks && this.clock.now() - lead.createdMs <= 14 * DAY_MS) {
      this.webhooks.emit(lead.businessId, { event_type: eventType, lead_id: lead.id })
    }
    return lead
  }

  lead(leadId: string): StoredLead {
    const lead = this.store.leads.get(leadId)
    if (!lead) throw new ControlError(404, `No lead ${leadId}`)
    return lead
  }

  private business(businessId: string): YelpBusiness {
    const business = this.store.businesses.get(businessId)
    if (!business) throw new ControlError(404, `No business ${businessId}`)
    return business
  }

  private knownUsers(userIds: string[]): string[] {
    const unknown = userIds.filter((id) => !this.store.users.has(id))
    if (unknown.length > 0) throw new ControlError(400, `adminUserIds: no user ${unknown.join(', ')}`)
    return [...new Set(userIds)]
  }

  /**
   * Appends one event, or a TEXT + ATTACHMENT_GROUPING pair sharing id and cursor when the text
   * carries attachments (docs/providers/yelp.md §1: "two events sharing one id"; limit counts them as one).
   */
  private append(lead: StoredLead, spec: EventSpec, isWrittenViaApi: boolean): StoredEvent[] {
    const seq = this.store.nextSeq()
    const business = this.store.businesses.get(lead.businessId)
    const isBiz = spec.from === 'BIZ'
    const base = {
      id: yelpId(),
      cursor: Buffer.from(`e${seq}`).toString('base64url'),
      seq,
      userType: spec.from,
      userId: isBiz
        ? (spec.bizUserId ?? business?.adminUserIds[0] ?? `biz-${lead.businessId}`)
        : lead.consumerId,
      userDisplayName: isBiz ? (business?.name ?? lead.businessId) : lead.consumerName,
      timeMs: spec.timeMs,
      isWrittenViaApi,
    }
    const events: StoredEvent[] = []
    if (spec.text !== '' || spec.attachments.length === 0) {
      events.push({
        ...base,
        eventType: spec.eventType,
        text: spec.text,
        fallbackText: spec.text,
        attachments: null,
      })
    }
    if (spec.attachments.length > 0) {
      const attachments = spec.attachments.map(toAttachment)
      const fallbackText = `Sent ${attachments.length} attachment${attachments.length === 1 ? '' : 's'}: ${attachments.map((a) => a.url).join(' ')}`
      events.push({ ...base, eventType: 'ATTACHMENT_GROUPING', text: '', fallbackText, attachments })
    }
    lead.events.push(...events)
    return events
  }

  private notifyNewEvent(lead: StoredLead, events: StoredEvent[]): void {
    const [event] = events
    if (!event) return
    this.webhooks.emit(lead.businessId, {
      event_type: 'NEW_EVENT',
      event_id: event.id,
      lead_id: lead.id,
      interaction_time: yelpTime(event.timeMs),
    })
  }
}

function toAttachment(input: AttachmentInput): YelpAttachment {
  const name = input.resource_name ?? input.url.split('/').at(-1) ?? 'attachment'
  return {
    id: input.id ?? yelpId(),
    url: input.url,
    resource_name: name,
    mime_type: input.mime_type ?? guessMime(name),
  }
}

function guessMime(name: string): string {
  const ext = name.split('.').at(-1)?.toLowerCase()
  if (ext === 'jpg' || ext === 'jpeg') return 'image/jpeg'
  if (ext === 'png') return 'image/png'
  if (ext === 'pdf') return 'application/pdf'
  return 'application/octet-stream'
}

function wholeSecond(ms: number): number {
  return Math.floor(ms / 1000) * 1000
}
