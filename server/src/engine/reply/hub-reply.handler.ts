import type { DB } from '../../db/database.ts'
import { findGhlConnection } from '../../repositories/connections.repository.ts'
import { listLeadIdsOfContact } from '../../repositories/ghl-contacts.repository.ts'
import { findLead } from '../../repositories/leads.repository.ts'
import { findMessageById, type MessageRow, updateMessage } from '../../repositories/messages.repository.ts'
import { type GhlContactLinker, isGhlConnected } from '../ghl-contact/contact-link.ts'
import type { GhlPort } from '../provider-ports.ts'
import type { HubReplyJob } from '../queue/queues.ts'
import { labelForSharedThread } from './lead-tag.ts'
import { isOwnRow } from './own-row.ts'
import type { ReplyHandler } from './reply.handler.ts'
import { withReplyLease } from './reply-lease.ts'

interface HubReplyMeta {
  yelpDelivered?: boolean
  yelpEventId?: string | null
  ghlMirrorAttemptedAt?: string
  ghlMirrorMessageId?: string
  ghlMirror?: string
}

/**
 * A reply typed in the hub's inbox (docs/spec/product.md §6.1 `POST /api/leads/{leadId}/reply`):
 * delivered to Yelp by the GHL replies' own path (once: a retry checks Yelp's events before
 * sending again), then mirrored into the lead's GHL conversation as an outbound message on the
 * app's conversation provider — the call that mirrors replies typed on Yelp, never GHL's
 * send-message, which would text the customer. The mirror is also once: its `altId` is
 * looked for in GHL before a retry posts it again. Yelp's echo of the text is recognised by the
 * event claim the delivery writes (reply.handler.ts), so it is not forwarded a second time.
 */
export class HubReplyHandler {
  constructor(
    private readonly db: DB,
    private readonly replies: ReplyHandler,
    private readonly contacts: GhlContactLinker,
    private readonly ghl: GhlPort,
    /** Right before the post: why an automated message must not go any more (it is withdrawn). */
    private readonly withdrawn: (row: MessageRow) => Promise<string | null> = async () => null,
  ) {}

  async run(job: HubReplyJob): Promise<{ status: string; mirror?: string }> {
    return withReplyLease(this.db, job, job.messageRowId, (signal) => this.deliver(job, signal))
  }

  private async deliver(job: HubReplyJob, signal: AbortSignal): Promise<{ status: string; mirror?: string }> {
    let row = await findMessageById(this.db, job.messageRowId)
    if (!row) return { status: 'gone' }
    if (!isOwnRow(job, row)) return { status: 'not its row' }
    if (row.status !== 'error' && !meta(row).yelpDelivered) {
      signal.throwIfAborted()
      const reason = await this.withdrawn(row)
      if (reason) return { status: `withdrawn: ${reason}` }
      await this.replies.deliverToSource(job, row)
      row = (await findMessageById(this.db, job.messageRowId)) ?? row
    }
    if (row.status === 'error') return { status: 'failed' }
    return { status: 'delivered', mirror: await this.mirrorIntoGhl(job, row, signal) }
  }

  private async mirrorIntoGhl(job: HubReplyJob, row: MessageRow, signal: AbortSignal): Promise<string> {
    const done = meta(row)
    if (done.ghlMirrorMessageId) return 'mirrored'
    const client = await findGhlConnection(this.db, job.clientId)
    const lead = await findLead(this.db, job.clientId, job.leadId)
    if (!client || !lead || !isGhlConnected(client)) {
      const reason = 'GoHighLevel is not connected for this client'
      await updateMessage(this.db, row.id, { metadata: { ghlMirror: reason } })
      return reason
    }
    const link = await this.contacts.ensureContact(client, lead, { verify: false })
    const altId = done.yelpEventId ?? `hub-reply-${row.id}`
    if (done.ghlMirrorAttemptedAt) {
      // An earlier attempt may have reached GHL without us hearing back.
      const existing = (await this.ghl.listMessages(job.clientId, link.locationId, link.conversationId)).find(
        (m) => m.altId === altId,
      )
      if (existing) return this.mirrored(row, existing.id)
    } else {
      await updateMessage(this.db, row.id, { metadata: { ghlMirrorAttemptedAt: new Date().toISOString() } })
    }
    const text = row.content ?? ''
    // In a thread several leads share, the reply says which lead it answered (docs/decisions/0019).
    const leadsOfContact = await listLeadIdsOfContact(this.db, {
      clientId: job.clientId,
      locationId: link.locationId,
      contactId: link.contactId,
    })
    signal.throwIfAborted()
    const { messageId } = await this.ghl.addInboundMessage(job.clientId, link.locationId, {
      conversationId: link.conversationId,
      contactId: link.contactId,
      message: leadsOfContact.length > 1 ? labelForSharedThread(job.leadId, text) : text,
      altId,
      date: row.createdAt.toISOString(),
      direction: 'outbound',
    })
    return this.mirrored(row, messageId)
  }

  private async mirrored(row: MessageRow, ghlMessageId: string): Promise<string> {
    await updateMessage(this.db, row.id, {
      metadata: { ghlMirrorMessageId: ghlMessageId, ghlMirror: 'mirrored' },
    })
    return 'mirrored'
  }
}

function meta(row: MessageRow): HubReplyMeta {
  return (row.metadata ?? {}) as HubReplyMeta
}
