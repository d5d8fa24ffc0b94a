import type { LeadMessage } from '@common/lead-model.ts'
import type { DB } from '../../db/database.ts'
import {
  PermanentProviderError,
  RepeatedReplyError,
  StatusNotReadyError,
  TransientProviderError,
} from '../../integrations/http/provider-errors.ts'
import { messagesForwarded } from '../../lib/process-metrics.ts'
import { claimEvent, completeClaim } from '../../repositories/event-claims.repository.ts'
import { recordBusinessReply } from '../../repositories/lead-figures.repository.ts'
import { findLead } from '../../repositories/leads.repository.ts'
import { findMessageById, type MessageRow, updateMessage } from '../../repositories/messages.repository.ts'
import { replySentAlert } from '../alerts/alert-events.ts'
import { type AlertPort, NO_ALERTS } from '../alerts/alert-port.ts'
import type { GhlPort } from '../provider-ports.ts'
import type { ReplyJob } from '../queue/queues.ts'
import type { LeadSource } from '../sources/lead-source.ts'
import type { LeadSources } from '../sources/sources.ts'
import { isSameReplyText } from './echo-text.ts'
import { isOwnRow } from './own-row.ts'
import { withReplyLease } from './reply-lease.ts'

/** The lead a reply goes to. */
type ReplyTarget = Pick<ReplyJob, 'clientId' | 'leadId'>

interface ReplyMeta {
  leadId?: string | null
  ghlContactId?: string
  yelpAttemptedAt?: string
  yelpEventId?: string | null
  yelpDelivered?: boolean
  ghlStatusReported?: string
  /** Status updates GHL refused while it was still "downstreaming" the message. */
  ghlStatusAttempts?: number
  error?: string | null
}

// docs/providers/ghl.md §9: status updates answer 403 for ~5–10 s after a message while GHL "downstreams" it.
const STATUS_RETRY_DELAYS_MS = [1000, 2000, 3000, 5000, 8000]

/**
 * GHL → Yelp for one reply (docs/spec/product.md §3), in two idempotent phases so a retry resumes where
 * the last attempt stopped: deliver the text to Yelp once (after a timeout, Yelp's events are
 * checked before re-sending, so a retry never causes SAME_SUCCESSIVE_MESSAGE or a double), then
 * report delivered or failed back to GHL, waiting out GHL's 403 window.
 */
export class ReplyHandler {
  constructor(
    private readonly db: DB,
    private readonly sources: LeadSources,
    private readonly ghl: GhlPort,
    private readonly alerts: AlertPort = NO_ALERTS,
  ) {}

  async run(job: ReplyJob): Promise<{ status: string }> {
    return withReplyLease(this.db, job, job.messageRowId, (signal) => this.deliver(job, signal))
  }

  private async deliver(job: ReplyJob, signal: AbortSignal): Promise<{ status: string }> {
    let row = await findMessageById(this.db, job.messageRowId)
    if (!row) return { status: 'gone' }
    if (!isOwnRow(job, row)) return { status: 'not its row' }
    if (row.status !== 'error' && !meta(row).yelpDelivered) {
      signal.throwIfAborted()
      await this.deliverToSource(job, row)
      row = (await findMessageById(this.db, job.messageRowId)) ?? row
    }
    const outcome = row.status === 'error' ? 'failed' : 'delivered'
    if (meta(row).ghlStatusReported !== outcome) {
      signal.throwIfAborted()
      const reported = await this.reportToGhl(job, row, outcome, meta(row).error ?? undefined)
      await updateMessage(this.db, row.id, {
        metadata: reported
          ? { ghlStatusReported: outcome }
          : { ghlStatusError: 'GoHighLevel did not accept the status update' },
      })
    }
    return { status: outcome }
  }

  /**
   * Delivers a recorded reply's text to its lead on the lead's source once; also the path of replies typed in
   * the hub's inbox (hub-reply.handler.ts), so both have the same guarantees.
   */
  async deliverToSource(job: ReplyTarget, row: MessageRow): Promise<void> {
    const text = row.content ?? ''
    if (!job.leadId)
      return this.fail(
        row,
        `No Yelp lead is linked to GoHighLevel contact ${meta(row).ghlContactId ?? ''}`.trim(),
      )
    if (!text)
      return this.fail(row, 'The reply is empty once formatting is removed; Yelp takes plain text only')
    const source = await this.sourceOf(job)
    const attemptedAt = meta(row).yelpAttemptedAt
    if (attemptedAt) {
      // An earlier attempt may have reached the source without us hearing back.
      const sent = await this.findSentMessage(source, job, text, attemptedAt)
      if (sent) return this.delivered(job, row, sent.id)
    }
    const now = new Date().toISOString()
    await updateMessage(this.db, row.id, { metadata: { yelpAttemptedAt: attemptedAt ?? now } })
    try {
      await source.postReply(job.clientId, job.leadId, text)
    } catch (error) {
      if (error instanceof RepeatedReplyError && attemptedAt) {
        // After one of our own attempts this means "probably delivered" (docs/providers/simulators.md pitfall 4): Yelp
        // refuses it only while it holds the same text from the last hour. Find that message by
        // its text alone (the source's clock may differ from ours); never call the reply failed.
        const sent = await this.findSentMessage(source, job, text, null)
        if (sent) return this.delivered(job, row, sent.id)
        throw new TransientProviderError(
          error.platform,
          `${source.label} says this text was already sent, but its events do not show it yet; looking again later`,
        )
      }
      if (error instanceof PermanentProviderError) return this.fail(row, error.message)
      throw error
    }
    const sent = await this.findSentMessage(source, job, text, attemptedAt ?? now)
    return this.delivered(job, row, sent?.id ?? null)
  }

  /**
   * The lead's source, by its stored row; a reply to a lead not stored (yet) goes to the default
   * source, as every reply did before sources (engine/sources/sources.ts).
   */
  private async sourceOf(job: ReplyTarget): Promise<LeadSource> {
    const lead = await findLead(this.db, job.clientId, job.leadId)
    return this.sources.get(lead?.source)
  }

  /**
   * The business's message carrying this text, written since the first attempt (with clock
   * slack). The source may give the text back with other whitespace (echo-text.ts); when it
   * lists the message late, none is found here and the echo's own sync recognises it
   * (event-forwarder.ts claimAsEcho).
   */
  private async findSentMessage(
    source: LeadSource,
    job: ReplyTarget,
    text: string,
    since: string | null,
  ): Promise<LeadMessage | null> {
    const after = since === null ? 0 : new Date(since).getTime() - 60_000
    const messages = await source.readMessages(job.clientId, job.leadId)
    return (
      messages
        .filter(
          (m) =>
            m.author !== 'consumer' && isSameReplyText(m.text, text) && new Date(m.time).getTime() >= after,
        )
        .at(-1) ?? null
    )
  }

  private async delivered(job: ReplyTarget, row: MessageRow, yelpEventId: string | null): Promise<void> {
    if (yelpEventId) {
      // Yelp will echo this write back as a webhook (docs/providers/yelp.md §2): claim it so it is not forwarded.
      const { claim } = await claimEvent(this.db, {
        eventId: yelpEventId,
        clientId: job.clientId,
        leadId: job.leadId,
        kind: 'echo',
        messageRowId: row.id,
      })
      if (claim.kind === 'echo')
        await completeClaim(this.db, yelpEventId, { kind: 'echo', messageRowId: row.id })
    }
    await updateMessage(this.db, row.id, {
      status: 'success',
      // Not found (listed late): the row stays open for its echo's sync to link, and keeps the
      // link that sync may have made already.
      metadata: { yelpDelivered: true, ...(yelpEventId ? { yelpEventId } : {}), error: null },
    })
    // The business answered when the reply was written in GHL or the inbox (docs/decisions/0014), not when
    // its Yelp echo is read back by a later sync.
    await recordBusinessReply(this.db, job.clientId, job.leadId, row.createdAt)
    messagesForwarded.inc({ direction: 'outbound' })
    await this.alerts.raise(replySentAlert(job.clientId, job.leadId, row))
  }

  /**
   * The job is dead: a reply that has not reached Yelp is marked `error` (the inbox's Retry sends
   * it again); returns the row when it did.
   */
  async markUndelivered(messageRowId: number, reason: string): Promise<MessageRow | null> {
    const row = await findMessageById(this.db, messageRowId)
    if (!row || row.status === 'success' || meta(row).yelpDelivered) return null
    if (row.status !== 'error') await this.fail(row, reason)
    return (await findMessageById(this.db, messageRowId)) ?? row
  }

  /** A GHL reply's job is dead: marked `error`, and GHL told `failed` when it will listen. */
  async giveUp(job: ReplyJob, reason: string): Promise<void> {
    const row = await this.markUndelivered(job.messageRowId, reason)
    if (!row || meta(row).ghlStatusReported === 'failed') return
    // Best effort: GHL may be the provider that is down, and the row already says `error`.
    const reported = await this.reportToGhl(job, row, 'failed', meta(row).error ?? reason).catch(() => false)
    await updateMessage(this.db, row.id, {
      metadata: reported
        ? { ghlStatusReported: 'failed' }
        : { ghlStatusError: 'GoHighLevel did not accept the status update' },
    })
  }

  private async fail(row: MessageRow, reason: string): Promise<void> {
    await updateMessage(this.db, row.id, { status: 'error', metadata: { error: reason } })
  }

  /**
   * False when GHL still refuses after its documented window: the reply reached Yelp, so the
   * job ends rather than retrying a status GHL will not take (its 403 is permanent for a
   * message that is not on our provider). Within the window the job is rescheduled (a
   * TransientProviderError with the wait), not held asleep on a worker.
   */
  private async reportToGhl(
    job: ReplyJob,
    row: MessageRow,
    status: 'delivered' | 'failed',
    reason?: string,
  ): Promise<boolean> {
    const error =
      status === 'failed'
        ? { code: 'yelp_delivery_failed', message: reason ?? 'Delivery to Yelp failed' }
        : undefined
    try {
      await this.ghl.updateMessageStatus(job.clientId, job.ghlLocationId, job.ghlMessageId, status, error)
      return true
    } catch (caught) {
      if (!(caught instanceof StatusNotReadyError)) throw caught
      const attempts = meta(row).ghlStatusAttempts ?? 0
      const delay = STATUS_RETRY_DELAYS_MS[attempts]
      if (delay === undefined) return false
      await updateMessage(this.db, row.id, { metadata: { ghlStatusAttempts: attempts + 1 } })
      throw new TransientProviderError(
        'ghl',
        `GoHighLevel is not ready for the status of message ${job.ghlMessageId} yet; again in ${delay} ms`,
        delay,
      )
    }
  }
}

function meta(row: MessageRow): ReplyMeta {
  return (row.metadata ?? {}) as ReplyMeta
}
