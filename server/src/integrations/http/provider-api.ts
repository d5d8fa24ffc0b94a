import { ExternalServiceError } from '../../lib/errors.ts'
import { type CallLimiter, SlotWaitExceededError } from './call-limiter.ts'
import { callWaitBudgetMs } from './call-priority.ts'
import {
  DailyCapReachedError,
  PermanentProviderError,
  ProviderTimeoutError,
  TransientProviderError,
} from './provider-errors.ts'
import {
  type Platform,
  type ProviderHttp,
  type ProviderRequest,
  type ProviderResponse,
  ProviderUnreachableError,
  providerErrorMessage,
} from './provider-http.ts'

export type ApiCall = ProviderRequest & {
  /** The client-side rate-limit bucket, e.g. `ghl:<locationId>` or `yelp:GET /v3/leads/{lead_id}`. */
  rateKey: string
  /** At most `limit` calls per `windowMs`, each at least `spacingMs` after the previous one. */
  rateLimit: { limit: number; windowMs: number; spacingMs?: number }
  /** The access token to send (the token manager's, refreshed ahead of expiry). */
  token: () => Promise<string>
  /** Called once after a 401 with the token that was refused; returns the new one. */
  refreshToken?: (rejected: string) => Promise<string>
  /**
   * Whether a timeout, a connection broken after sending, or a 5xx may be retried in the call.
   * Default: true for GET/PUT/DELETE, false for POST, where a blind resend could write twice.
   */
  retryOnTimeout?: boolean
}

export interface ProviderApiOptions {
  /** Attempts per call, the first included (a retry after a token refresh is not counted). */
  maxAttempts?: number
  baseDelayMs?: number
  maxDelayMs?: number
  /** Per-request timeout when the call names none (ProviderHttp's default otherwise). */
  timeoutMs?: number
}

/**
 * Where a daily quota is spent and the answer names no reset (GHL documents none,
 * docs/providers/ghl.md §10), look again in a while rather than spin.
 */
const DAILY_CAP_RETRY_AFTER_MS = 15 * 60_000
/** A Retry-After up to this is waited out in the call; a longer one goes back to the job. */
const MAX_IN_CALL_WAIT_MS = 2_000

/**
 * An authorised, rate-limited, retrying call to Yelp or GHL on top of ProviderHttp (which times
 * out and logs every attempt). 2xx and 4xx other than 401/429 are returned for the caller to
 * parse or turn into a PermanentProviderError; what stays failing after the retries is thrown as
 * a TransientProviderError (a ProviderTimeoutError when the last attempt got no answer).
 */
export class ProviderApi {
  private readonly maxAttempts: number
  private readonly baseDelayMs: number
  private readonly maxDelayMs: number
  private readonly timeoutMs: number | undefined

  constructor(
    private readonly http: ProviderHttp,
    private readonly limiter: CallLimiter,
    options: ProviderApiOptions = {},
  ) {
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 4)
    this.baseDelayMs = options.baseDelayMs ?? 200
    this.maxDelayMs = options.maxDelayMs ?? 5000
    this.timeoutMs = options.timeoutMs
  }

  async call(request: ApiCall): Promise<ProviderResponse> {
    const { rateKey, rateLimit, token, refreshToken, retryOnTimeout, ...base } = request
    const mayResendUnanswered = retryOnTimeout ?? request.method.toUpperCase() !== 'POST'
    const what = `${request.method} ${new URL(request.url).pathname} to ${request.platform}`
    let bearer = await unreachableAsTransient(request.platform, token)
    let hasRefreshed = false
    let attempt = 0
    for (;;) {
      attempt += 1
      // A long pause the provider asked for is the job's to wait, rescheduled for its end: a
      // handler held in the limiter outlives its job's expiry (queues.ts), and pg-boss then
      // runs the job again beside it.
      const pausedMs = this.limiter.pausedFor(rateKey)
      if (pausedMs > callWaitBudgetMs())
        throw new TransientProviderError(
          request.platform,
          `${what} held back: ${request.platform} asked for a pause of ${Math.ceil(pausedMs / 1000)} s more`,
          pausedMs,
        )
      // The slot counts until the answer is in: see RateLimiter.acquireSlot.
      const release = await this.limiter
        .acquireSlot(rateKey, rateLimit.limit, rateLimit.windowMs, rateLimit.spacingMs)
        .catch((error: unknown) => {
          if (!(error instanceof SlotWaitExceededError)) throw error
          throw new TransientProviderError(
            request.platform,
            `${what} held back: another process of the hub was told to pause ${request.platform} (${error.message})`,
          )
        })
      let response: ProviderResponse
      try {
        response = await this.http.request({
          ...base,
          timeoutMs: base.timeoutMs ?? this.timeoutMs,
          headers: { ...base.headers, authorization: `Bearer ${bearer}` },
        })
      } catch (error) {
        release()
        if (!(error instanceof ProviderUnreachableError)) throw error
        const isUnanswered = error.kind !== 'not-sent'
        const isFinal = attempt >= this.maxAttempts || (isUnanswered && !mayResendUnanswered)
        if (isFinal) {
          throw isUnanswered
            ? new ProviderTimeoutError(request.platform, error.message)
            : new TransientProviderError(request.platform, error.message)
        }
        await sleep(this.backoff(attempt))
        continue
      }
      release()

      if (response.status === 401 && refreshToken && !hasRefreshed) {
        // docs/providers/ghl.md §5: on the expired-token 401, refresh, save, retry once. The token manager makes
        // concurrent refreshes of one credential into one call at the token endpoint.
        hasRefreshed = true
        attempt -= 1
        bearer = await unreachableAsTransient(request.platform, () => refreshToken(bearer))
        continue
      }

      if (response.status === 429 && header(response, 'x-ratelimit-daily-remaining') === '0') {
        // Not a pause of the limiter: a day-long pause would hold every waiting caller's worker.
        // The job parks its location until the reset instead (engine/failure/failure-policy.ts).
        const retryAfterSeconds = Number(header(response, 'retry-after'))
        const resetInMs =
          Number.isFinite(retryAfterSeconds) && retryAfterSeconds > 0
            ? retryAfterSeconds * 1000
            : DAILY_CAP_RETRY_AFTER_MS
        throw new DailyCapReachedError(
          request.platform,
          `${failure(what, response)} (daily limit reached)`,
          resetInMs,
        )
      }
      const retryAfterMs = this.noteRateHeaders(rateKey, response)
      if (response.status !== 429 && response.status < 500) return response

      const reason = failure(what, response)
      if (response.status >= 500 && !mayResendUnanswered) {
        // A 5xx does not say the write did not happen: GHL can store an inbound message and
        // answer 504, Yelp can store a reply and answer 503. Like a timeout, no blind resend;
        // the job looks at the provider (GHL altId, Yelp events) before trying again.
        throw new ProviderTimeoutError(request.platform, `${reason} (it may have been done)`)
      }
      if (attempt >= this.maxAttempts) {
        throw new TransientProviderError(request.platform, reason, retryAfterMs ?? this.backoffCap(attempt))
      }
      // The limiter already holds the key back when the answer said how long; waiting on it is the
      // wait — for a moment only: a longer wait is the job's, rescheduled, not a held worker's.
      if (retryAfterMs !== undefined && retryAfterMs > MAX_IN_CALL_WAIT_MS)
        throw new TransientProviderError(request.platform, reason, retryAfterMs)
      if (retryAfterMs !== undefined) continue
      const delayMs = this.backoff(attempt)
      // A bare 429 (Yelp sends no rate headers, docs/providers/yelp.md §1) holds back every caller of the key.
      if (response.status === 429) this.limiter.pause(rateKey, delayMs)
      else await sleep(delayMs)
    }
  }

  /**
   * GHL sends its budget on every answer (docs/providers/ghl.md §10): with none left, hold the key for the
   * interval. A 429 without those headers (Yelp's have none, docs/providers/yelp.md §1) falls back to backoff.
   * Returns how long the key is held when a 429 said how long to wait.
   */
  private noteRateHeaders(rateKey: string, response: ProviderResponse): number | undefined {
    const remaining = header(response, 'x-ratelimit-remaining')
    const intervalMs = Number(header(response, 'x-ratelimit-interval-milliseconds'))
    const retryAfterSeconds = Number(header(response, 'retry-after'))
    let pauseMs: number | undefined
    if (Number.isFinite(retryAfterSeconds) && retryAfterSeconds > 0) pauseMs = retryAfterSeconds * 1000
    else if (remaining === '0' && Number.isFinite(intervalMs) && intervalMs > 0) pauseMs = intervalMs
    if (pauseMs === undefined) return undefined
    this.limiter.pause(rateKey, pauseMs)
    return response.status === 429 ? pauseMs : undefined
  }

  /** Full jitter (AWS "Exponential Backoff And Jitter"): a random wait up to the capped exponential. */
  private backoff(attempt: number): number {
    return Math.floor(Math.random() * this.backoffCap(attempt))
  }

  private backoffCap(attempt: number): number {
    return Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** (attempt - 1))
  }
}

/** A 4xx answer as the error callers throw, with the provider's own message and code. */
export function permanentError(
  platform: ProviderRequest['platform'],
  what: string,
  response: ProviderResponse,
): PermanentProviderError {
  const message = providerErrorMessage(response.body)
  return new PermanentProviderError(
    platform,
    `${what} failed: ${response.status}${message ? ` ${message}` : ''}`,
    response.status,
    providerErrorCode(response.body),
  )
}

/** Yelp's `error.code` (docs/providers/yelp.md §1 error shape); GHL's bodies carry none. */
export function providerErrorCode(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined
  const error = (body as { error?: unknown }).error
  if (!error || typeof error !== 'object') return undefined
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? code : undefined
}

function failure(what: string, response: ProviderResponse): string {
  return `${what} failed: ${response.status} ${providerErrorMessage(response.body) ?? ''}`.trim()
}

function header(response: ProviderResponse, name: string): string | undefined {
  return response.headers[name]
}

/**
 * A token refresh the provider could not answer (unreachable, or a 5xx from its token endpoint)
 * is a transient failure like any other call's. A refused grant stays the token manager's
 * NeedsReauthError, so the job parks instead of retrying.
 */
async function unreachableAsTransient(platform: Platform, get: () => Promise<string>): Promise<string> {
  try {
    return await get()
  } catch (error) {
    if (error instanceof ProviderUnreachableError || error instanceof ExternalServiceError)
      throw new TransientProviderError(platform, error.message)
    throw error
  }
}

function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve()
}
