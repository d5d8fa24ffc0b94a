import type { LeadMessage, LeadSnapshot, MessageAuthor } from '@common/lead-model.ts'
import type { LeadSource } from '../engine/sources/lead-source.ts'

/** The id the fake source's leads and jobs carry. No engine file names it (docs/decisions/0029). */
export const TEST_SOURCE_ID = 'test'

/** A reply the hub posted to a lead of the fake source. */
export interface PostedReply {
  clientId: string
  leadId: string
  text: string
}

interface FakeLead {
  clientId: string
  snapshot: LeadSnapshot
  messages: LeadMessage[]
}

/** What a test says about a new lead: its id and name, the rest has defaults. */
export interface FakeLeadInput extends Partial<Omit<LeadSnapshot, 'job'>> {
  id: string
  job?: Partial<LeadSnapshot['job']>
}

/**
 * An in-memory lead source (engine/sources/lead-source.ts), registered in tests through
 * `buildApp({ core: { extraSources } })`: its leads and messages are what the test adds, and the
 * replies the hub posts are kept (and listed back as the business's messages, as a real source
 * lists the reply it was given). It proves a second source gets everything a Yelp lead gets
 * without any engine file knowing it.
 */
export class FakeLeadSource implements LeadSource {
  readonly id = TEST_SOURCE_ID
  readonly label = 'Test source'
  readonly replies: PostedReply[] = []
  private readonly leads = new Map<string, FakeLead>()
  private nextId = 1

  /** A new lead of `clientId`, with the consumer's first message; answers that message. */
  addLead(clientId: string, input: FakeLeadInput, firstMessage: string): LeadMessage {
    const now = new Date().toISOString()
    const snapshot: LeadSnapshot = {
      businessId: null,
      conversationId: null,
      name: null,
      phone: null,
      email: null,
      temporaryEmail: null,
      temporaryEmailExpiresAt: null,
      createdAt: now,
      lastActivityAt: now,
      ...input,
      job: {
        names: [],
        details: null,
        postalCode: null,
        availability: { status: null, dates: [] },
        answers: [],
        attachments: [],
        ...input.job,
      },
    }
    this.leads.set(input.id, { clientId, snapshot, messages: [] })
    return this.addMessage(input.id, 'consumer', firstMessage)
  }

  /** A message written on the source (by the consumer, or by the business there). */
  addMessage(leadId: string, author: MessageAuthor, text: string): LeadMessage {
    const lead = this.lead(leadId)
    const time = new Date().toISOString()
    const message: LeadMessage = {
      id: `${leadId}-m${this.nextId++}`,
      kind: 'message',
      author,
      authorName: author === 'consumer' ? lead.snapshot.name : 'The business',
      text,
      attachments: [],
      time,
      sourceType: 'TEXT',
    }
    lead.messages.push(message)
    lead.snapshot.lastActivityAt = time
    return message
  }

  async readLead(clientId: string, leadId: string): Promise<LeadSnapshot> {
    return structuredClone(this.leadOf(clientId, leadId).snapshot)
  }

  async readMessages(clientId: string, leadId: string): Promise<LeadMessage[]> {
    return structuredClone(this.leadOf(clientId, leadId).messages)
  }

  async postReply(clientId: string, leadId: string, text: string): Promise<void> {
    this.leadOf(clientId, leadId)
    this.replies.push({ clientId, leadId, text })
    this.addMessage(leadId, 'business', text)
  }

  async listLeadIds(clientId: string): Promise<string[]> {
    return [...this.leads].filter(([, lead]) => lead.clientId === clientId).map(([id]) => id)
  }

  /** The replies the hub posted to one lead, oldest first. */
  repliesTo(leadId: string): string[] {
    return this.replies.filter((reply) => reply.leadId === leadId).map((reply) => reply.text)
  }

  private lead(leadId: string): FakeLead {
    const lead = this.leads.get(leadId)
    if (!lead) throw new Error(`The test source has no lead ${leadId}`)
    return lead
  }

  /** A lead of another client is not this client's to read or answer. */
  private leadOf(clientId: string, leadId: string): FakeLead {
    const lead = this.lead(leadId)
    if (lead.clientId !== clientId)
      throw new Error(`Lead ${leadId} of the test source is not client ${clientId}'s`)
    return lead
  }
}
