import { randomBytes } from 'node:crypto'
import type { SimClock } from '../core/sim-clock.ts'
import type { WebhookConfig } from './yelp-sim.options.ts'
import { yelpTime } from './yelp-time.ts'

/** One entry of `data.updates` (docs/providers/yelp.md §2). Phone opt-in/out updates carry no `event_id`. */
export type WebhookUpdate =
  | { event_type: 'NEW_EVENT'; event_id: string; lead_id: string; interaction_time: string }
  | {
      event_type: 'CONSUMER_PHONE_NUMBER_OPT_IN_EVENT' | 'CONSUMER_PHONE_NUMBER_OPT_OUT_EVENT'
      lead_id: string
    }

/** docs/providers/yelp.md §2 lead interaction payload: `object` is always "business", `data.id` the business id. */
export interface WebhookPayload {
  time: string
  object: 'business'
  data: { id: string; updates: WebhookUpdate[] }
}

export interface WebhookDelivery {
  id: number
  businessId: string
  payload: WebhookPayload
  /** 0 for the original, 1.. for configured duplicates. */
  copy: number
  state: 'scheduled' | 'held' | 'delivered' | 'failed' | 'skipped'
  /** Why a webhook was skipped (no URL, no active WEBHOOK subscription). */
  reason: string | null
  status: number | null
  error: string | null
  sentAt: string | null
}

export interface VerificationResult {
  url: string
  challenge: string
  status: number | null
  body: string | null
  isVerified: boolean
}

/**
 * Delivers lead webhooks to the one partner URL (docs/providers/yelp.md §2) with optional delay, duplication,
 * reordering and holding. Deliveries go out one at a time so a test can assert arrival order.
 * Yelp documents no retries for lead webhooks, so a failed delivery is recorded and not retried.
 */
export class YelpWebhookEmitter {
  private deliveries: WebhookDelivery[] = []
  private held: WebhookDelivery[] = []
  private reorderBuffer: { delivery: WebhookDelivery; timer: NodeJS.Timeout } | null = null
  private timers = new Set<NodeJS.Timeout>()
  private chain: Promise<void> = Promise.resolve()
  private pending = 0
  private idleWaiters: Array<() => void> = []
  private generation = 0
  private nextId = 1

  constructor(
    private readonly clock: SimClock,
    readonly config: WebhookConfig,
    /** Webhooks only go out for businesses with an active WEBHOOK subscription (docs/providers/yelp.md §2, §3). */
    private readonly isSubscribed: (businessId: string) => boolean,
  ) {}

  emit(businessId: string, update: WebhookUpdate): WebhookDelivery[] {
    const payload: WebhookPayload = {
      time: yelpTime(this.clock.now()),
      object: 'business',
      data: { id: businessId, updates: [update] },
    }
    const skipReason = !this.config.url
      ? 'no webhook URL configured'
      : !this.isSubscribed(businessId)
        ? 'business has no active WEBHOOK subscription'
        : null
    const copies = skipReason ? 1 : 1 + this.config.duplicates
    const created: WebhookDelivery[] = []
    for (let copy = 0; copy < copies; copy++) {
      const delivery: WebhookDelivery = {
        id: this.nextId++,
        businessId,
        payload,
        copy,
        state: skipReason ? 'skipped' : 'scheduled',
        reason: skipReason,
        status: null,
        error: null,
        sentAt: null,
      }
      this.deliveries.push(delivery)
      created.push(delivery)
      if (!skipReason) this.route(delivery)
    }
    return created
  }

  /** Releases held (and reorder-buffered) webhooks now, oldest first or newest first. */
  flush(order: 'fifo' | 'reverse' = 'fifo'): number {
    const released = [...this.held]
    this.held = []
    if (this.reorderBuffer) {
      clearTimeout(this.reorderBuffer.timer)
      this.timers.delete(this.reorderBuffer.timer)
      released.push(this.reorderBuffer.delivery)
      this.reorderBuffer = null
      this.pending -= 1
    }
    if (order === 'reverse') released.reverse()
    for (const delivery of released) {
      delivery.state = 'scheduled'
      this.enqueueSend(delivery)
    }
    return released.length
  }

  /** Resolves once nothing is scheduled or in flight (held webhooks do not count). */
  idle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve()
    return new Promise((resolve) => this.idleWaiters.push(resolve))
  }

  list(): WebhookDelivery[] {
    return this.deliveries.map((d) => ({ ...d }))
  }

  /**
   * docs/providers/yelp.md §2 Verification: Yelp sends `GET <url>?verification=<alphanumeric>` once at
   * registration; the recommended answer is 200 `{"verification":"<same>"}` (plain text accepted,
   * as one community implementation answers that way).
   */
  async verify(): Promise<VerificationResult> {
    const url = this.config.url
    if (!url) throw new Error('no webhook URL configured')
    const challenge = randomBytes(12).toString('hex')
    const target = new URL(url)
    target.searchParams.set('verification', challenge)
    try {
      const response = await fetch(target, { signal: AbortSignal.timeout(this.config.timeoutMs) })
      const body = await response.text()
      return {
        url,
        challenge,
        status: response.status,
        body,
        isVerified: response.ok && echoes(body, challenge),
      }
    } catch (error) {
      return { url, challenge, status: null, body: String(error), isVerified: false }
    }
  }

  /** Forgets everything and cancels timers; sends already in flight finish but are not recorded. */
  reset(config: WebhookConfig): void {
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
    this.generation += 1
    this.deliveries = []
    this.nextId = 1
    this.held = []
    this.reorderBuffer = null
    this.pending = 0
    Object.assign(this.config, config)
    this.resolveIdle()
  }

  private route(delivery: WebhookDelivery): void {
    if (this.config.hold) {
      delivery.state = 'held'
      this.held.push(delivery)
      return
    }
    if (this.config.reorder) {
      // Hold each webhook until the next one arrives, then send the pair newest first.
      if (this.reorderBuffer) {
        const older = this.reorderBuffer
        clearTimeout(older.timer)
        this.timers.delete(older.timer)
        this.reorderBuffer = null
        this.pending -= 1
        this.schedule(delivery)
        this.schedule(older.delivery)
        return
      }
      this.pending += 1
      const timer = setTimeout(() => {
        this.timers.delete(timer)
        if (this.reorderBuffer?.delivery !== delivery) return
        this.reorderBuffer = null
        this.pending -= 1
        this.schedule(delivery)
      }, this.config.reorderWaitMs)
      this.timers.add(timer)
      this.reorderBuffer = { delivery, timer }
      return
    }
    this.schedule(delivery)
  }

  private schedule(delivery: WebhookDelivery): void {
    if (this.config.delayMs === 0) {
      this.enqueueSend(delivery)
      return
    }
    this.pending += 1
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      this.pending -= 1
      this.enqueueSend(delivery)
    }, this.config.delayMs)
    this.timers.add(timer)
  }

  private enqueueSend(delivery: WebhookDelivery): void {
    const generation = this.generation
    this.pending += 1
    this.chain = this.chain.then(async () => {
      if (generation !== this.generation) return
      await this.send(delivery, generation)
      if (generation !== this.generation) return
      this.pending -= 1
      this.resolveIdle()
    })
  }

  private async send(delivery: WebhookDelivery, generation: number): Promise<void> {
    const url = this.config.url
    if (!url) {
      delivery.state = 'skipped'
      delivery.reason = 'no webhook URL configured'
      return
    }
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(delivery.payload),
        signal: AbortSignal.timeout(this.config.timeoutMs),
      })
      await response.arrayBuffer()
      if (generation !== this.generation) return
      delivery.status = response.status
      delivery.state = response.ok ? 'delivered' : 'failed'
    } catch (error) {
      if (generation !== this.generation) return
      delivery.state = 'failed'
      delivery.error = error instanceof Error ? error.message : String(error)
    }
    delivery.sentAt = yelpTime(this.clock.now())
  }

  private resolveIdle(): void {
    if (this.pending > 0) return
    const waiters = this.idleWaiters
    this.idleWaiters = []
    for (const resolve of waiters) resolve()
  }
}

function echoes(body: string, challenge: string): boolean {
  if (body.trim() === challenge) return true
  try {
    const parsed: unknown = JSON.parse(body)
    return (
      !!parsed && typeof parsed === 'object' && 'verification' in parsed && parsed.verification === challenge
    )
  } catch {
    return false
  }
}
