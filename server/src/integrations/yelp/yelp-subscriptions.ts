import { z } from 'zod'
import { ExternalServiceError, NotConfiguredError } from '../../lib/errors.ts'
import { type ApiCall, type ProviderApi, permanentError } from '../http/provider-api.ts'
import { PermanentProviderError, TransientProviderError } from '../http/provider-errors.ts'
import { providerErrorMessage } from '../http/provider-http.ts'
import { type YelpConfig, yelpManifest } from './yelp.manifest.ts'

/** docs/providers/yelp.md §3 leaves GET's paging unconfirmed: pages of this size with `offset`. */
const LIST_PAGE = 100
const MAX_PAGES = 1000

/**
 * The GET shape is not documented (docs/providers/yelp.md §3, "low"): read a list of
 * `{business_id, subscription_type}` under `subscriptions` (or `businesses`), and ignore the rest.
 */
const subscriptionItem = z
  .object({
    business_id: z.string().optional(),
    id: z.string().optional(),
    subscription_type: z.string().optional(),
  })
  .loose()
const subscriptionsPage = z
  .object({
    subscriptions: z.array(subscriptionItem).optional(),
    businesses: z.array(subscriptionItem).optional(),
    total: z.number().optional(),
  })
  .loose()

/**
 * Business subscriptions (docs/providers/yelp.md §3): authorised by the app's API key, not a user token.
 * 202 means accepted; the subscription becomes active asynchronously.
 */
export class YelpSubscriptions {
  constructor(
    private readonly config: YelpConfig,
    /** The rate-limited, retrying layer every Yelp call goes through (5 calls a second per endpoint). */
    private readonly api: ProviderApi,
  ) {}

  isConfigured(): boolean {
    return Boolean(this.config.yelp.apiKey)
  }

  /**
   * The operator's subscribe, through the same limiter and 429 retry as every other Yelp call
   * (5 calls a second per endpoint, docs/providers/yelp.md §1): agencies connect clients in bursts.
   */
  async subscribeWebhooks(businessId: string, clientId: string): Promise<void> {
    let response: Awaited<ReturnType<YelpSubscriptions['call']>>
    try {
      response = await this.post(businessId, clientId)
    } catch (error) {
      if (!(error instanceof TransientProviderError)) throw error
      throw new ExternalServiceError(
        `Yelp could not take the webhook subscription for business ${businessId} now: ${error.message}`,
      )
    }
    if (response.status === 202 || response.status === 200) return
    const reason = providerErrorMessage(response.body) ?? `HTTP ${response.status}`
    throw new ExternalServiceError(
      `Yelp refused the webhook subscription for business ${businessId}: ${reason}`,
    )
  }

  /** Every business with an active WEBHOOK subscription (those whose 202 job has completed). */
  async listWebhookBusinessIds(): Promise<Set<string>> {
    const ids = new Set<string>()
    for (let page = 0; page < MAX_PAGES; page++) {
      const url = new URL('/v3/businesses/subscriptions', this.config.yelp.apiBase)
      url.search = new URLSearchParams({
        subscription_type: 'WEBHOOK',
        limit: String(LIST_PAGE),
        offset: String(page * LIST_PAGE),
      }).toString()
      const response = await this.call('GET', url.toString(), undefined)
      if (response.status !== 200)
        throw permanentError('yelp', 'Listing the Yelp webhook subscriptions', response)
      const parsed = subscriptionsPage.safeParse(response.body)
      if (!parsed.success) {
        throw new PermanentProviderError(
          'yelp',
          'Yelp answered the subscription list in an unexpected shape',
          response.status,
          'UNEXPECTED_RESPONSE',
        )
      }
      const items = parsed.data.subscriptions ?? parsed.data.businesses ?? []
      for (const item of items) {
        const id = item.business_id ?? item.id
        if (id && (!item.subscription_type || item.subscription_type === 'WEBHOOK')) ids.add(id)
      }
      const seen = page * LIST_PAGE + items.length
      if (items.length < LIST_PAGE || (parsed.data.total !== undefined && seen >= parsed.data.total)) break
    }
    return ids
  }

  /**
   * Subscribes the business again, rate-limited and retried: re-adding a subscription changes
   * nothing when it exists (docs/providers/yelp.md §3), so a resend after a timeout is safe.
   */
  async resubscribeWebhooks(businessId: string, clientId: string): Promise<void> {
    const response = await this.post(businessId, clientId)
    if (response.status === 202 || response.status === 200) return
    throw permanentError('yelp', `Subscribing Yelp business ${businessId} to webhooks`, response)
  }

  /** Re-adding an existing subscription changes nothing (docs/providers/yelp.md §3): safe to resend. */
  private post(businessId: string, clientId: string) {
    const url = `${this.config.yelp.apiBase}/v3/businesses/subscriptions`
    return this.call('POST', url, { subscription_types: ['WEBHOOK'], business_ids: [businessId] }, clientId)
  }

  private call(method: 'GET' | 'POST', url: string, json: unknown, clientId?: string) {
    const apiKey = this.requireApiKey()
    const call: ApiCall = {
      platform: 'yelp',
      ...(clientId ? { clientId } : {}),
      method,
      url,
      json,
      rateKey: `yelp:${method} /v3/businesses/subscriptions`,
      rateLimit: {
        limit: this.config.yelp.rateLimitPerSecond,
        windowMs: 1_000,
        spacingMs: Math.floor(1_000 / this.config.yelp.rateLimitPerSecond),
      },
      token: async () => apiKey,
      retryOnTimeout: true,
    }
    return this.api.call(call)
  }

  private requireApiKey(): string {
    const apiKey = this.config.yelp.apiKey
    if (!apiKey)
      throw new NotConfiguredError(
        `Yelp is not configured on this server: set ${yelpManifest.envKeys.apiKey}`,
      )
    return apiKey
  }
}
