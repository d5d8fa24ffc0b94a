import { timingSafeEqual } from 'node:crypto'
import type PgBoss from 'pg-boss'
import type { DB } from '../../db/database.ts'
import { type LeadSyncJob, leadSyncKey, QUEUES } from '../../engine/queues.ts'
import { sendInTransaction } from '../../engine/tx-queue.ts'
import { findClientByBusinessId } from '../clients/clients.repository.ts'
import type { WebhookSecret } from '../settings/webhook-secret.ts'
import { insertWebhookLog } from './webhook-logs.repository.ts'
import { type YelpWebhook, yelpWebhookSchema } from './yelp-webhook.schemas.ts'

export const YELP_WEBHOOK_PATH = '/yelp/webhook'

/** A request body that is not JSON (or is empty); kept as text for the log. */
export class MalformedBody {
  constructor(readonly text: string) {}
}

export interface IngestResult {
  status: number
  body: Record<string, unknown>
  /** Queues that got new jobs, to wake their workers in this process. */
  queued: number
}

/**
 * `POST /yelp/webhook` (PRODUCT.md §3 Ingest): check the secret, validate, record the delivery
 * in `webhook_logs` and enqueue one durable job per update in the same transaction, then answer.
 * No provider call happens here; the jobs do the work.
 */
export class YelpWebhookService {
  constructor(
    private readonly db: DB,
    private readonly boss: PgBoss,
    private readonly secret: WebhookSecret,
  ) {}

  async ingest(body: unknown, givenSecret: string | undefined): Promise<IngestResult> {
    const expected = await this.secret.get()
    if (expected && !secretsMatch(expected, givenSecret)) {
      return this.reject(401, body, 'Webhook secret missing or wrong')
    }
    if (body instanceof MalformedBody) {
      const error = body.text.trim() ? 'body: malformed JSON' : 'body: a JSON body is required'
      return this.reject(400, { raw: body.text.slice(0, 10_000) }, error)
    }
    const parsed = yelpWebhookSchema.safeParse(body)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      return this.reject(400, body, `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`)
    }
    const webhook = parsed.data
    const client = await findClientByBusinessId(this.db, webhook.data.id)
    if (!client) {
      // Yelp must not retry updates for businesses the hub does not serve (PRODUCT.md §3).
      const response = {
        received: true,
        ignored: `No client is connected to Yelp business ${webhook.data.id}`,
      }
      await insertWebhookLog(this.db, {
        endpoint: YELP_WEBHOOK_PATH,
        method: 'POST',
        statusCode: 200,
        payload: body,
        response,
      })
      return { status: 200, body: response, queued: 0 }
    }
    return this.db.transaction(async (tx) => {
      let queued = 0
      for (const update of webhook.data.updates) {
        const job: LeadSyncJob = {
          clientId: client.clientId,
          leadId: update.lead_id,
          reason: update.event_type,
          ...(update.event_id ? { eventId: update.event_id } : {}),
        }
        // null when a sync of this lead is already waiting: that one will see this event too.
        if (await sendInTransaction(this.boss, tx, QUEUES.leadSync, job, { singletonKey: leadSyncKey(job) }))
          queued += 1
      }
      const response = { received: true, updates: webhook.data.updates.length }
      await insertWebhookLog(tx, {
        endpoint: YELP_WEBHOOK_PATH,
        method: 'POST',
        statusCode: 200,
        payload: body,
        response,
        clientId: client.clientId,
      })
      return { status: 200, body: response, queued }
    })
  }

  private async reject(status: number, payload: unknown, error: string): Promise<IngestResult> {
    const response = { error }
    await insertWebhookLog(this.db, {
      endpoint: YELP_WEBHOOK_PATH,
      method: 'POST',
      statusCode: status,
      payload,
      response,
      error,
    })
    return { status, body: response, queued: 0 }
  }
}

function secretsMatch(expected: string, given: string | undefined): boolean {
  if (!given) return false
  const a = Buffer.from(expected)
  const b = Buffer.from(given)
  return a.length === b.length && timingSafeEqual(a, b)
}

export type { YelpWebhook }
