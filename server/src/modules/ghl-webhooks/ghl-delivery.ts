import type { z } from 'zod'
import type { DB } from '../../db/database.ts'
import { urgently } from '../../db/urgency.ts'
import { parseStorableJson, storableRawText } from '../../http/storable-json.ts'
import { checkGhlSignature, type GhlWebhookKeys } from '../../integrations/ghl/ghl-webhook-signature.ts'
import { findClientByLocationId } from '../../repositories/clients.repository.ts'
import { insertWebhookLog } from '../../repositories/webhook-logs.repository.ts'

// What `POST /reply` (the conversation provider's outbound messages) and `POST /ghl/webhook` (the
// app's webhooks) do alike before their own work: GHL signs both the same way and retries both
// only after a 429 (docs/providers/ghl.md §10).

/**
 * docs/providers/ghl.md §10 suggests refusing webhooks older than about five minutes, but GHL's
 * retries after a 429 come ~10 minutes apart, six times (worst case about 1 h 10 min) with the
 * first timestamp: they must get in. Older than this is refused as a replay.
 */
const MAX_AGE_MS = 90 * 60_000
/**
 * Clocks differ a little; a timestamp further ahead than this is refused: it would stay "young"
 * past the age check and the dedupe's memory.
 */
const MAX_SKEW_MS = 5 * 60_000
/** GHL retries a delivery only after a 429: the answer to "not now". */
const TRY_AGAIN = 429
// A refused body is kept for diagnosis, never whole when large (docs/decisions/0016 §4).
const MAX_LOGGED_REFUSAL = 10_000

export interface GhlAnswer {
  status: number
  body: Record<string, unknown>
}

export type VerifiedDelivery<T> =
  | { ok: true; json: unknown; data: T; scheme: 'ed25519' | 'rsa' }
  | { ok: false; answer: GhlAnswer }

/**
 * Runs `record` before any job's statements (GHL is waiting, db/urgency.ts). Any failure that is
 * not the sender's (a database hiccup, an exhausted pool, a deploy) is answered 429, the one
 * status GHL retries: a 500 would lose the delivery for good.
 */
export async function answerOrTryAgain<A extends GhlAnswer>(
  what: string,
  record: () => Promise<A>,
  log?: { error: (message: string) => void },
): Promise<A | GhlAnswer> {
  try {
    return await urgently(record)
  } catch (error) {
    // The cause only: a failed query's own message repeats its parameters (a reply's text).
    const cause = (error as { cause?: unknown }).cause
    const reason = cause instanceof Error ? cause.message : (error as Error).name
    log?.error(`a GHL ${what} could not be recorded (${reason}); answered 429 so GHL retries it`)
    return {
      status: TRY_AGAIN,
      body: { error: `The ${what} could not be recorded right now; GoHighLevel will retry it` },
    }
  }
}

/**
 * GHL's signature over the raw bytes, a storable JSON body, `schema`, and an age GHL's retries
 * stay within. A refusal is logged on `endpoint` and comes back as the answer to give.
 */
export async function verifyGhlDelivery<T extends { timestamp?: string | number | undefined }>(
  db: DB,
  endpoint: string,
  delivery: { rawBody: Buffer; headers: Record<string, string | string[] | undefined>; keys: GhlWebhookKeys },
  schema: z.ZodType<T>,
): Promise<VerifiedDelivery<T>> {
  const refuse = async (status: number, payload: unknown, error: string) => ({
    ok: false as const,
    answer: await refuseGhlDelivery(db, endpoint, status, payload, error),
  })
  const signature = checkGhlSignature(delivery.rawBody, delivery.headers, delivery.keys)
  if (!signature.ok) return refuse(401, delivery.rawBody, signature.reason)
  const body = parseStorableJson(delivery.rawBody.toString('utf8'))
  if (!body.ok) return refuse(400, delivery.rawBody, body.error)
  const json = body.value
  const parsed = schema.safeParse(json)
  if (!parsed.success) return refuse(400, json, describeFirstIssue(parsed.error.issues))
  const { timestamp } = parsed.data
  if (timestamp !== undefined) {
    const sentAt = ghlTimestamp(timestamp)
    if (!sentAt) return refuse(400, json, 'timestamp: not a date')
    if (sentAt.getTime() - Date.now() > MAX_SKEW_MS) return refuse(400, json, 'timestamp: in the future')
    if (Date.now() - sentAt.getTime() > MAX_AGE_MS) {
      return refuse(401, json, 'timestamp: the webhook is older than 90 minutes')
    }
  }
  return { ok: true, json, data: parsed.data, scheme: signature.scheme }
}

/**
 * A delivery's `timestamp` (an ISO date, or epoch milliseconds or seconds) as a date; null when it
 * is not one. A garbled one would otherwise pass the age check (NaN compares false).
 */
export function ghlTimestamp(value: string | number): Date | null {
  const ms =
    typeof value === 'number'
      ? value < 1e11
        ? value * 1000
        : value
      : /^\d+$/.test(value.trim())
        ? ghlTimestamp(Number(value))?.getTime()
        : Date.parse(value)
  if (ms === undefined || !Number.isFinite(ms)) return null
  const date = new Date(ms)
  return Number.isNaN(date.getTime()) ? null : date
}

/**
 * The client connected to a delivery's GHL location. A location no client serves is not an error
 * of the sender's: the delivery is logged on `endpoint` and acknowledged (200), so GHL does not
 * retry it.
 */
export async function clientOfLocation(
  db: DB,
  endpoint: string,
  json: unknown,
  locationId: string,
): Promise<{ ok: true; clientId: string } | { ok: false; answer: GhlAnswer }> {
  const client = await findClientByLocationId(db, locationId)
  if (client) return { ok: true, clientId: client.clientId }
  const response = { received: true, ignored: `No client is connected to GoHighLevel location ${locationId}` }
  return { ok: false, answer: await acknowledgeGhlDelivery(db, endpoint, json, response) }
}

/** Logs an accepted delivery that needs nothing done (200), without a client. */
export async function acknowledgeGhlDelivery(
  db: DB,
  endpoint: string,
  payload: unknown,
  response: Record<string, unknown>,
): Promise<GhlAnswer> {
  await insertWebhookLog(db, { endpoint, method: 'POST', statusCode: 200, payload, response })
  return { status: 200, body: response }
}

/** Logs a refused delivery on `endpoint` (its body cut when large) and answers `status`. */
export async function refuseGhlDelivery(
  db: DB,
  endpoint: string,
  status: number,
  payload: unknown,
  error: string,
): Promise<GhlAnswer> {
  const text = Buffer.isBuffer(payload) ? payload.toString('utf8') : (JSON.stringify(payload) ?? '')
  const stored =
    !Buffer.isBuffer(payload) && text.length <= MAX_LOGGED_REFUSAL
      ? payload
      : {
          raw: storableRawText(text),
          ...(text.length > MAX_LOGGED_REFUSAL ? { truncated: true, length: text.length } : {}),
        }
  const response = { error }
  await insertWebhookLog(db, {
    endpoint,
    method: 'POST',
    statusCode: status,
    payload: stored,
    response,
    error,
  })
  return { status, body: response }
}

/** The first schema issue, named by its path: `type: Required`. */
export function describeFirstIssue(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  const issue = issues[0]
  return `${issue?.path.map(String).join('.') || 'body'}: ${issue?.message ?? 'invalid'}`
}
