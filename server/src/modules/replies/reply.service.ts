import type { DB } from '../../db/database.ts'
import { urgently } from '../../db/urgency.ts'
import { replyJob } from '../../engine/jobs/reply.job.ts'
import type { JobQueue } from '../../engine/queue/job-queue.ts'
import type { ReplyJob } from '../../engine/queue/queues.ts'
import { toPlainText } from '../../engine/reply/plain-text.ts'
import { parseStorableJson, storableRawText } from '../../http/storable-json.ts'
import { checkGhlSignature, type GhlWebhookKeys } from '../../integrations/ghl/ghl-webhook-signature.ts'
import { findClientByLocationId } from '../../repositories/clients.repository.ts'
import { findLeadIdForReply } from '../../repositories/ghl-contacts.repository.ts'
import { insertMessageOnce } from '../../repositories/messages.repository.ts'
import { insertWebhookLog } from '../../repositories/webhook-logs.repository.ts'
import { providerOutboundMessageSchema } from './reply.schemas.ts'

export const REPLY_PATH = '/reply'
// docs/providers/ghl.md §10 suggests refusing webhooks older than about five minutes, but GHL's retries after a
// 429 come ~10 minutes apart, six times (worst case about 1 h 10 min) with the first timestamp:
// they must get in. Replay is harmless here: the GHL message id dedupes the reply.
const MAX_AGE_MS = 90 * 60_000
/** GHL retries a provider webhook only after a 429 (docs/providers/ghl.md §10): the answer to "not now". */
const TRY_AGAIN = 429

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

  /**
   * Any failure that is not the sender's (a database hiccup, an exhausted pool, a deploy) is
   * answered 429, the one status GHL retries: a 500 would lose the reply for good.
   */
  async accept(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<ReplyIngestResult> {
    try {
      // GHL is waiting for the answer: before any job's statements (db/urgency.ts).
      return await urgently(() => this.record(rawBody, headers))
    } catch (error) {
      // The cause only: a failed query's own message repeats its parameters, the reply's text.
      const cause = (error as { cause?: unknown }).cause
      const reason = cause instanceof Error ? cause.message : (error as Error).name
      this.log?.error(`a GHL reply could not be recorded (${reason}); answered 429 so GHL retries it`)
      const body = { error: 'The reply could not be recorded right now; GoHighLevel will retry it' }
      return { status: TRY_AGAIN, body, queued: false }
    }
  }

  private async record(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<ReplyIngestResult> {
    const signature = checkGhlSignature(rawBody, headers, this.keys)
    if (!signature.ok) return this.reject(401, rawBody, signature.reason)
    const body = parseStorableJson(rawBody.toString('utf8'))
    if (!body.ok) return this.reject(400, rawBody, body.error)
    const json = body.value
    const parsed = providerOutboundMessageSchema.safeParse(json)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      return this.reject(400, json, `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`)
    }
    const reply = parsed.data
    if (reply.timestamp !== undefined && Date.now() - new Date(reply.timestamp).getTime() > MAX_AGE_MS) {
      return this.reject(401, json, 'timestamp: the webhook is older than 90 minutes')
    }
    const client = await findClientByLocationId(this.db, reply.locationId)
    if (!client) {
      const response = {
        received: true,
        ignored: `No client is connected to GoHighLevel location ${reply.locationId}`,
      }
      await insertWebhookLog(this.db, {
        endpoint: REPLY_PATH,
        method: 'POST',
        statusCode: 200,
        payload: json,
        response,
      })
      return { status: 200, body: response, queued: false }
    }
    const leadId = await findLeadIdForReply(this.db, {
      clientId: client.clientId,
      locationId: reply.locationId,
      contactId: reply.contactId,
      conversationId: reply.conversationId,
    })
    return this.jobs.transaction(this.db, async (tx) => {
      const row = await insertMessageOnce(tx, {
        clientId: client.clientId,
        direction: 'outbound',
        platform: 'ghl',
        messageId: reply.messageId,
        content: toPlainText(reply.message, reply.html),
        status: 'pending',
        externalKey: `ghl:${reply.messageId}`,
        metadata: {
          leadId,
          ghlMessageId: reply.messageId,
          ghlContactId: reply.contactId,
          ghlLocationId: reply.locationId,
          ghlUserId: reply.userId ?? null,
          attachments: reply.attachments ?? [],
          signature: signature.scheme,
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

  private async reject(status: number, payload: unknown, error: string): Promise<ReplyIngestResult> {
    // Kept for diagnosis, never whole when large (issue 11 §4): 10,000 characters at most.
    const text = Buffer.isBuffer(payload) ? payload.toString('utf8') : (JSON.stringify(payload) ?? '')
    const stored =
      !Buffer.isBuffer(payload) && text.length <= 10_000
        ? payload
        : {
            raw: storableRawText(text),
            ...(text.length > 10_000 ? { truncated: true, length: text.length } : {}),
          }
    const response = { error }
    await insertWebhookLog(this.db, {
      endpoint: REPLY_PATH,
      method: 'POST',
      statusCode: status,
      payload: stored,
      response,
      error,
    })
    return { status, body: response, queued: false }
  }
}
