import type { DB } from '../../db/database.ts'
import { replyJob } from '../../engine/jobs/reply.job.ts'
import type { JobQueue } from '../../engine/queue/job-queue.ts'
import type { ReplyJob } from '../../engine/queue/queues.ts'
import { toPlainText } from '../../engine/reply/plain-text.ts'
import { yelpReplyText } from '../../engine/reply/reply-attachments.ts'
import { providerOutboundMessageSchema } from '../../integrations/ghl/ghl-webhook.schemas.ts'
import type { GhlWebhookKeys } from '../../integrations/ghl/ghl-webhook-signature.ts'
import { insertMessageOnce } from '../../repositories/messages.repository.ts'
import { insertWebhookLog } from '../../repositories/webhook-logs.repository.ts'
import { answerOrTryAgain, clientOfLocation, verifyGhlDelivery } from '../ghl-webhooks/ghl-delivery.ts'
import { routeReply } from './reply-routing.ts'

export const REPLY_PATH = '/reply'

export interface ReplyIngestResult {
  status: number
  body: Record<string, unknown>
  queued: boolean
}

/**
 * `POST /reply` (docs/spec/product.md §3 GHL → Yelp): verify GHL's signature over the raw body, record
 * the reply once per GHL message id, and queue its delivery to Yelp — all before answering.
 */
export class ReplyService {
  constructor(
    private readonly db: DB,
    private readonly jobs: JobQueue,
    private readonly keys: GhlWebhookKeys,
    private readonly log?: { error: (message: string) => void },
  ) {}

  /** A failure that is not the sender's is answered 429, which GHL retries (ghl-delivery.ts). */
  async accept(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<ReplyIngestResult> {
    const answer = await answerOrTryAgain('reply', () => this.record(rawBody, headers), this.log)
    return { queued: false, ...answer }
  }

  private async record(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<ReplyIngestResult> {
    // Replay within the age the check allows is harmless here: the GHL message id dedupes the reply.
    const delivery = { rawBody, headers, keys: this.keys }
    const verified = await verifyGhlDelivery(this.db, REPLY_PATH, delivery, providerOutboundMessageSchema)
    if (!verified.ok) return { ...verified.answer, queued: false }
    const { json, data: reply, scheme } = verified
    const client = await clientOfLocation(this.db, REPLY_PATH, json, reply.locationId)
    if (!client.ok) return { ...client.answer, queued: false }
    const plain = toPlainText(reply.message, reply.html)
    const route = await routeReply(
      this.db,
      {
        clientId: client.clientId,
        locationId: reply.locationId,
        contactId: reply.contactId,
        conversationId: reply.conversationId,
      },
      plain,
    )
    const { leadId } = route
    // What Yelp will get, recorded as the reply's content; a reply that cannot go whole (or to
    // a lead the GHL user named) is recorded failed, and its job tells GHL why.
    const forYelp = yelpReplyText(route.text, reply.attachments ?? [])
    const error = route.error ?? (forYelp.ok ? undefined : forYelp.reason)
    return this.jobs.transaction(this.db, async (tx) => {
      const row = await insertMessageOnce(tx, {
        clientId: client.clientId,
        direction: 'outbound',
        platform: 'ghl',
        messageId: reply.messageId,
        content: forYelp.ok ? forYelp.text : route.text,
        status: error ? 'error' : 'pending',
        externalKey: `ghl:${reply.messageId}`,
        metadata: {
          ...(error ? { error } : {}),
          leadId,
          ghlMessageId: reply.messageId,
          ghlContactId: reply.contactId,
          ghlLocationId: reply.locationId,
          ghlUserId: reply.userId ?? null,
          attachments: reply.attachments ?? [],
          signature: scheme,
        },
      })
      const response = row ? { received: true } : { received: true, duplicate: true }
      if (row) {
        const job: ReplyJob = {
          clientId: client.clientId,
          leadId: leadId ?? '',
          ghlMessageId: reply.messageId,
          ghlLocationId: reply.locationId,
          messageRowId: row.id,
        }
        await this.jobs.enqueue(replyJob, job, { tx })
      }
      await insertWebhookLog(tx, {
        endpoint: REPLY_PATH,
        method: 'POST',
        statusCode: 200,
        payload: json,
        response,
        clientId: client.clientId,
      })
      return { status: 200, body: response, queued: row !== null }
    })
  }
}
