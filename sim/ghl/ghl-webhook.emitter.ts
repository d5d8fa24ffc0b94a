import type { SimClock } from '../core/sim-clock.ts'
import type { GhlSigningKeys } from './ghl-keys.ts'
import type { GhlSimConfig } from './ghl-sim.options.ts'

export interface WebhookAttempt {
  at: string
  status: number | null
  responseBody: string | null
  error: string | null
}

export interface WebhookDelivery {
  id: number
  event: string
  url: string
  /** The exact bytes sent (as UTF-8 text): the signature covers these. */
  body: string
  headers: Record<string, string>
  attempts: WebhookAttempt[]
  state: 'delivered' | 'failed' | 'retrying'
  /** Sim-clock time of the next retry while `state` is `retrying`. */
  nextAttemptAt: number | null
}

/**
 * Sends app webhooks to the hub, signed like GHL signs them, and retries the way GHL does:
 * only after a 429, up to 6 times ~10 minutes apart plus jitter; any other answer, a timeout or a
 * network error is final (docs/providers/ghl.md §10 "Webhook retries", issue #257). Retries wait on the sim clock,
 * so a test advances the clock instead of sleeping: an advance sends the retries it made due at
 * once, and a short real timer notices those that come due as real time passes.
 */
export class GhlWebhookEmitter {
  private deliveries: WebhookDelivery[] = []
  private nextId = 1
  private timer: NodeJS.Timeout | null = null
  private stopWatchingClock: (() => void) | null = null
  private inFlight = new Map<number, Promise<void>>()

  constructor(
    private readonly config: GhlSimConfig,
    private readonly clock: SimClock,
    private readonly keys: GhlSigningKeys,
  ) {}

  start(pollMs = 100): void {
    if (this.timer) return
    this.timer = setInterval(() => void this.flushDue(), pollMs)
    this.timer.unref()
    this.stopWatchingClock = this.clock.onAdvance(() => void this.flushDue())
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    this.stopWatchingClock?.()
    this.stopWatchingClock = null
  }

  list(): WebhookDelivery[] {
    return this.deliveries.map((d) => ({ ...d, attempts: [...d.attempts] }))
  }

  clear(): void {
    this.deliveries = []
  }

  /** Signs and sends `payload` once now; resolves after that first attempt. */
  async send(event: string, url: string, payload: unknown): Promise<WebhookDelivery> {
    const body = JSON.stringify(payload)
    const raw = Buffer.from(body)
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-ghl-signature': this.keys.signEd25519(raw),
    }
    if (this.config.sendLegacyRsaSignature) headers['x-wh-signature'] = this.keys.signRsaSha256(raw)
    const delivery: WebhookDelivery = {
      id: this.nextId++,
      event,
      url,
      body,
      headers,
      attempts: [],
      state: 'retrying',
      nextAttemptAt: null,
    }
    this.deliveries.push(delivery)
    await this.attempt(delivery)
    return delivery
  }

  /** Delivers every retry whose time has come on the sim clock; resolves when none is under way. */
  async flushDue(): Promise<void> {
    const due = this.deliveries.filter(
      (d) =>
        d.state === 'retrying' &&
        d.nextAttemptAt !== null &&
        d.nextAttemptAt <= this.clock.now() &&
        !this.inFlight.has(d.id),
    )
    for (const delivery of due) void this.attempt(delivery)
    await Promise.all(this.inFlight.values())
  }

  private attempt(delivery: WebhookDelivery): Promise<void> {
    const running = this.runAttempt(delivery).finally(() => this.inFlight.delete(delivery.id))
    this.inFlight.set(delivery.id, running)
    return running
  }

  private async runAttempt(delivery: WebhookDelivery): Promise<void> {
    const attempt: WebhookAttempt = { at: this.clock.iso(), status: null, responseBody: null, error: null }
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body,
        signal: AbortSignal.timeout(this.config.webhook.timeoutMs),
      })
      attempt.status = response.status
      attempt.responseBody = await response.text()
    } catch (error) {
      attempt.error = describeError(error)
    }
    delivery.attempts.push(attempt)
    const retriesUsed = delivery.attempts.length - 1
    if (attempt.status === 429 && retriesUsed < this.config.webhook.maxRetries) {
      const jitter = Math.floor(Math.random() * this.config.webhook.retryJitterMs)
      delivery.state = 'retrying'
      delivery.nextAttemptAt = this.clock.now() + this.config.webhook.retryDelayMs + jitter
      return
    }
    delivery.nextAttemptAt = null
    delivery.state =
      attempt.status !== null && attempt.status >= 200 && attempt.status < 300 ? 'delivered' : 'failed'
  }
}

/** `fetch failed` alone hides why; the cause (ECONNREFUSED, timeout…) is what a test needs. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message
}
