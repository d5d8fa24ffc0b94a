import { isConversationMessage, type LeadMessage } from '@common/lead-model.ts'
import type { DB } from '../../db/database.ts'
import { TransientProviderError } from '../../integrations/http/provider-errors.ts'
import { claimEvent, completeClaim } from '../../repositories/event-claims.repository.ts'
import { listLeadIdsOfContact } from '../../repositories/ghl-contacts.repository.ts'
import {
  findMessageByExternalKey,
  insertMessageOnce,
  listUnlinkedReplies,
  type MessageRow,
  updateMessage,
} from '../../repositories/messages.repository.ts'
import type { ContactLink } from '../ghl-contact/contact-link.ts'
import type { GhlPort } from '../provider-ports.ts'
import { isSameReplyText } from '../reply/echo-text.ts'
import { labelForSharedThread } from '../reply/lead-tag.ts'

/** The spec's `user_type` of a message, kept on its `messages` row as the events have it. */
const USER_TYPE = { consumer: 'CONSUMER', business: 'BIZ', hub: 'BIZ' } as const

/**
 * Forwards one message of a lead's source into the contact's GHL conversation, exactly once per
 * message id: a claim is written before the GHL call, so a retry after a crash or timeout looks
 * for the message in GHL (by `altId` = the source's message id) before posting again. Consumer
 * messages go in as inbound; business replies typed on the source as outbound; the echo of the
 * hub's own reply is recognised and not forwarded.
 */
export class EventForwarder {
  constructor(
    private readonly db: DB,
    private readonly ghl: GhlPort,
  ) {}

  /** True when this call posted the event to GHL. */
  async forward(input: {
    clientId: string
    leadId: string
    /** The lead's source ('yelp'): the message row's platform. */
    source: string
    message: LeadMessage
    link: ContactLink
  }): Promise<boolean> {
    const { clientId, leadId, source, message: event, link } = input
    if (!isConversationMessage(event)) return false
    const text = event.text
    const attachments = event.attachments.map((a) => a.url).filter((u): u is string => Boolean(u))
    if (!text && attachments.length === 0) return false
    const isConsumer = event.author === 'consumer'

    if (!isConsumer && (await this.claimAsEcho(clientId, leadId, event))) return false
    const { claim, isNew } = await claimEvent(this.db, {
      eventId: event.id,
      clientId,
      leadId,
      kind: isConsumer ? 'inbound' : 'outbound',
    })
    if (claim.state === 'done' || claim.kind === 'echo') return false

    const row = await this.messageRow({ clientId, leadId, source, event, attachments, link })
    if (!isNew) {
      // An earlier attempt stopped after claiming: GHL may already hold the message.
      const existing = (await this.ghl.listMessages(clientId, link.locationId, link.conversationId)).find(
        (m) => m.altId === event.id,
      )
      if (existing) {
        await this.succeed(event.id, row, existing.id)
        return false
      }
    }
    const body = text || attachments.join('\n')
    // One contact, several leads: the thread shows whose message this is, and the tag the GHL
    // user starts a reply with to answer it (docs/decisions/0019-replies-to-a-shared-ghl-contact.md).
    const leadsOfContact = await listLeadIdsOfContact(this.db, {
      clientId,
      locationId: link.locationId,
      contactId: link.contactId,
    })
    try {
      const { messageId } = await this.ghl.addInboundMessage(clientId, link.locationId, {
        conversationId: link.conversationId,
        contactId: link.contactId,
        message: leadsOfContact.length > 1 ? labelForSharedThread(leadId, body) : body,
        attachments,
        altId: event.id,
        date: event.time,
        direction: isConsumer ? 'inbound' : 'outbound',
      })
      await this.succeed(event.id, row, messageId)
      return true
    } catch (error) {
      // A transient failure leaves the message pending (its sync retries it) with the reason, so
      // the lead shows why it is not in GHL yet; any other failure is final for this attempt.
      const message = (error as Error).message
      if (error instanceof TransientProviderError)
        await updateMessage(this.db, row.id, { metadata: { error: message } })
      else await updateMessage(this.db, row.id, { status: 'error', metadata: { error: message } })
      throw error
    }
  }

  /**
   * Whether a business message is the echo of a reply the hub wrote to this lead, claimed as
   * such (its webhook may come before the reply read its message back, or the read may have
   * missed it: Yelp can list the event late). A reply is recorded with the time of its first
   * write attempt before it is written (reply.handler.ts); a message is its echo when it carries
   * the same text, compared as the source may reformat it (echo-text.ts), and is not older than
   * that attempt.
   */
  async claimAsEcho(clientId: string, leadId: string, event: LeadMessage): Promise<boolean> {
    if (event.author === 'consumer' || !isConversationMessage(event)) return false
    const text = event.text
    const eventAt = Date.parse(event.time)
    const reply = (await listUnlinkedReplies(this.db, clientId, leadId)).find(
      (row) => isSameReplyText(text, row.content ?? '') && !isBeforeAttempt(eventAt, row),
    )
    if (!reply) return false
    const { claim, isNew } = await claimEvent(this.db, {
      eventId: event.id,
      clientId,
      leadId,
      kind: 'echo',
      messageRowId: reply.id,
    })
    if (!isNew && claim.kind !== 'echo') return false
    await completeClaim(this.db, event.id, { kind: 'echo', messageRowId: reply.id })
    await updateMessage(this.db, reply.id, { metadata: { yelpEventId: event.id } })
    return true
  }

  private async messageRow(input: {
    clientId: string
    leadId: string
    source: string
    event: LeadMessage
    attachments: string[]
    link: ContactLink
  }): Promise<MessageRow> {
    const { clientId, leadId, source, event, attachments, link } = input
    const externalKey = `${source}:${event.id}`
    const inserted = await insertMessageOnce(this.db, {
      clientId,
      direction: 'inbound',
      platform: source,
      messageId: event.id,
      conversationId: link.conversationId,
      content: event.text,
      status: 'pending',
      externalKey,
      metadata: {
        leadId,
        eventId: event.id,
        eventType: event.sourceType,
        userType: USER_TYPE[event.author],
        ghlContactId: link.contactId,
        ghlConversationId: link.conversationId,
        attachments,
      },
    })
    const row = inserted ?? (await findMessageByExternalKey(this.db, externalKey))
    if (!row) throw new Error(`message row for ${source} message ${event.id} vanished`)
    return row
  }

  private async succeed(eventId: string, row: MessageRow, ghlMessageId: string): Promise<void> {
    await updateMessage(this.db, row.id, { status: 'success', metadata: { ghlMessageId, error: null } })
    await completeClaim(this.db, eventId, { ghlMessageId, messageRowId: row.id })
  }
}

/** A source's clock and the hub's may differ: a message this much older than the write can still be its echo. */
const CLOCK_SLACK_MS = 10 * 60_000

/** An event written well before the reply's first attempt cannot be that reply's echo. */
function isBeforeAttempt(eventAt: number, row: MessageRow): boolean {
  const attemptedAt = Date.parse(
    String((row.metadata as { yelpAttemptedAt?: unknown } | null)?.yelpAttemptedAt),
  )
  return !Number.isNaN(eventAt) && !Number.isNaN(attemptedAt) && eventAt < attemptedAt - CLOCK_SLACK_MS
}
