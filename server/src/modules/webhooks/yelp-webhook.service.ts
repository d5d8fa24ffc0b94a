import type { DB } from '../../db/database.ts'
import { GroupCommit } from '../../db/group-commit.ts'
import { urgently } from '../../db/urgency.ts'
import {
  enqueueWebhookSyncs,
  REMEMBERED_STORED_LEADS,
} from '../../engine/lead-sync/webhook-lead-admission.ts'
import type { JobQueue } from '../../engine/queue/job-queue.ts'
import type { LeadSyncJob } from '../../engine/queue/queues.ts'
import { storableRawText } from '../../http/storable-json.ts'
import { type YelpWebhook, yelpWebhookSchema } from '../../integrations/yelp/yelp-webhook.schemas.ts'
import {
  givenWebhookSecret,
  verificationChallenge,
  webhookSecretMatches,
} from '../../integrations/yelp/yelp-webhook-verification.ts'
import { BoundedSet } from '../../lib/bounded-set.ts'
import { webhooksReceived } from '../../lib/process-metrics.ts'
import { describeIssues } from '../../lib/validation.ts'
import { findClientIdsByBusinessIds } from '../../repositories/clients.repository.ts'
import {
  insertWebhookLog,
  insertWebhookLogs,
  type WebhookLogEntry,
} from '../../repositories/webhook-logs.repository.ts'
import type { WebhookSecret } from '../settings/webhook-secret.ts'
import { LogIndexWake } from './log-index-wake.ts'

export const YELP_WEBHOOK_PATH = '/yelp/webhook'
/** The lead source these deliveries speak for (engine/sources/sources.ts). */
const YELP_SOURCE = 'yelp'

/** A request body refused before validation (empty, not JSON, not storable); kept as text for the log. */
export class MalformedBody {
  constructor(
    readonly text: string,
    readonly error: string,
  ) {}
}

export interface IngestResult {
  status: number
  body: Record<string, unknown>
  /** Lead-sync jobs offered to the queue. */
  queued: number
  /** The `webhook_logs` row of an accepted delivery. */
  logId?: number
}

/** A valid delivery, waiting to be written with the others of its batch. */
interface Delivery {
  body: unknown
  webhook: YelpWebhook
  /** A Test Webhook delivery from the dashboard: validated and logged, but no job and no lead. */
  isTest?: boolean
}

/** The business and lead a test delivery names; no client is ever connected to them. */
export const TEST_BUSINESS_ID = 'leadrelay-test-business'

// Enough deliveries per write to amortise its cost, few enough to keep one write short.
const MAX_DELIVERIES_PER_BATCH = 200

/**
 * `POST /yelp/webhook` (docs/spec/product.md §3 Ingest): check the secret, validate, record the delivery
 * in `webhook_logs` and enqueue one durable job per update in the same statement, then answer.
 * No provider call happens here; the jobs do the work. Deliveries that arrive together are
 * committed together (GroupCommit): each is answered only once its write has committed.
 */
export class YelpWebhookService {
  /** The body a delivery must match, declared on the route (the input fuzz test reads it there). */
  readonly bodySchema = yelpWebhookSchema
  private readonly deliveries: GroupCommit<Delivery, IngestResult>
  /** The log rows' search text and counts are filled after the answer, by the log-index job. */
  private readonly logIndex: LogIndexWake
  /** Leads this process has seen stored, as `clientId:leadId`: their syncs go live unasked. */
  private readonly storedLeads = new BoundedSet<string>(REMEMBERED_STORED_LEADS)

  constructor(
    private readonly db: DB,
    private readonly jobs: JobQueue,
    private readonly secret: WebhookSecret,
    options: { concurrentWrites: number },
  ) {
    this.logIndex = new LogIndexWake(jobs)
    this.deliveries = new GroupCommit({
      writeBatch: (batch) => this.commit(batch),
      writeOne: async (delivery) => {
        const [result] = await this.commit([delivery])
        return result as IngestResult
      },
      maxBatch: MAX_DELIVERIES_PER_BATCH,
      maxInFlight: options.concurrentWrites,
    })
  }

  async ingest(body: unknown, givenSecret: string | undefined): Promise<IngestResult> {
    webhooksReceived.inc()
    const expected = await this.secret.get()
    if (expected && !webhookSecretMatches(expected, givenSecret)) {
      return this.reject(401, body, 'Webhook secret missing or wrong')
    }
    if (body instanceof MalformedBody) return this.reject(400, body, body.error)
    const parsed = yelpWebhookSchema.safeParse(body)
    if (!parsed.success) return this.reject(400, body, describeIssues(parsed.error.issues))
    return this.deliveries.submit({ body, webhook: parsed.data })
  }

  /** The shared secret a delivery carries in its query or header (docs/providers/yelp.md §2 "Authenticity"). */
  givenSecret(query: unknown, headers: Record<string, string | string[] | undefined>): string | undefined {
    return givenWebhookSecret(query, headers)
  }

  /**
   * Yelp's one-time verification handshake (docs/providers/yelp.md §2): echo the value, and log the
   * call; null when the query carries no plausible `verification`.
   */
  async answerVerification(query: unknown): Promise<{ verification: string } | null> {
    const verification = verificationChallenge(query)
    if (verification === null) return null
    const response = { verification }
    await insertWebhookLog(this.db, {
      endpoint: YELP_WEBHOOK_PATH,
      method: 'GET',
      statusCode: 200,
      payload: { verification },
      response,
    })
    return response
  }

  /**
   * `POST /api/test-webhook` (docs/spec/product.md §6.1): a delivery marked `"test": true` through the same
   * validation, batching and logging as Yelp's, without the secret (the caller is signed in).
   * It queues no job, so no lead is made and no provider is called.
   */
  async ingestTest(now = new Date()): Promise<IngestResult> {
    const body = {
      test: true,
      time: now.toISOString(),
      object: 'business',
      data: {
        id: TEST_BUSINESS_ID,
        updates: [
          {
            event_type: 'NEW_EVENT',
            event_id: `test-${crypto.randomUUID()}`,
            lead_id: 'leadrelay-test-lead',
            interaction_time: now.toISOString(),
          },
        ],
      },
    }
    return this.deliveries.submit({ body, webhook: yelpWebhookSchema.parse(body), isTest: true })
  }

  private async commit(batch: Delivery[]): Promise<IngestResult[]> {
    // Yelp is waiting for the answer: before any job's statements (db/urgency.ts).
    const results = await urgently(() => this.write(batch))
    this.logIndex.poke()
    return results
  }

  /**
   * The batch's clients in one query, then its jobs and log rows in one statement: atomic without
   * a transaction, whose BEGIN and COMMIT were two more round trips (bench/RESULTS.md, "one
   * statement for a webhook batch").
   */
  private async write(batch: Delivery[]): Promise<IngestResult[]> {
    const businessIds = [...new Set(batch.map((delivery) => delivery.webhook.data.id))]
    const clientOf = await findClientIdsByBusinessIds(this.db, businessIds)
    const jobs: LeadSyncJob[] = []
    const logs: WebhookLogEntry[] = []
    const results = batch.map(({ body, webhook, isTest }): IngestResult => {
      if (isTest) {
        const response = { received: true, test: true, updates: webhook.data.updates.length }
        logs.push({ endpoint: YELP_WEBHOOK_PATH, method: 'POST', statusCode: 200, payload: body, response })
        return { status: 200, body: response, queued: 0 }
      }
      const clientId = clientOf.get(webhook.data.id)
      if (!clientId) {
        // Yelp must not retry updates for businesses the hub does not serve (docs/spec/product.md §3).
        const response = {
          received: true,
          ignored: `No client is connected to Yelp business ${webhook.data.id}`,
        }
        logs.push({ endpoint: YELP_WEBHOOK_PATH, method: 'POST', statusCode: 200, payload: body, response })
        return { status: 200, body: response, queued: 0 }
      }
      for (const update of webhook.data.updates) {
        const data: LeadSyncJob = {
          clientId,
          source: YELP_SOURCE,
          leadId: update.lead_id,
          reason: update.event_type,
          ...(update.event_id ? { eventId: update.event_id } : {}),
        }
        // The queue keeps one waiting sync per lead (`short` policy): a job for a lead that
        // already has one is dropped, and the waiting sync reads this event too.
        jobs.push(data)
      }
      const response = { received: true, updates: webhook.data.updates.length }
      logs.push({
        endpoint: YELP_WEBHOOK_PATH,
        method: 'POST',
        statusCode: 200,
        payload: body,
        response,
        clientId,
      })
      return { status: 200, body: response, queued: webhook.data.updates.length }
    })
    // A business's leads not stored yet go live up to a cap, the rest queue behind them; the
    // syncs are inserted by the statement that writes one log row per delivery, in order.
    const logIds = await enqueueWebhookSyncs(this.db, this.jobs, jobs, this.storedLeads, (insertSyncs) =>
      insertWebhookLogs(this.db, logs, insertSyncs),
    )
    return results.map((result, index) => ({ ...result, logId: logIds[index] }))
  }

  private async reject(status: number, body: unknown, error: string): Promise<IngestResult> {
    const response = { error }
    await insertWebhookLog(this.db, {
      endpoint: YELP_WEBHOOK_PATH,
      method: 'POST',
      statusCode: status,
      payload: loggable(body),
      response,
      error,
    })
    this.logIndex.poke()
    return { status, body: response, queued: 0 }
  }
}

// A refused delivery is kept for diagnosis, but never whole when large (docs/decisions/0016 §4).
const MAX_LOGGED_REFUSAL = 10_000

/** The payload to log for a refused delivery: small bodies as they came, others cut as text. */
function loggable(body: unknown): unknown {
  if (body instanceof MalformedBody) return { raw: storableRawText(body.text, MAX_LOGGED_REFUSAL) }
  const text = JSON.stringify(body) ?? ''
  return text.length <= MAX_LOGGED_REFUSAL
    ? body
    : { raw: storableRawText(text, MAX_LOGGED_REFUSAL), truncated: true, length: text.length }
}

export type { YelpWebhook }
