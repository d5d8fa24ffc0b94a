import { ExternalServiceError, NotConfiguredError } from '../../lib/errors.ts'
import { type ProviderHttp, providerErrorMessage } from '../http/provider-http.ts'
import { type YelpConfig, yelpManifest } from './yelp.manifest.ts'

/**
 * Business subscriptions (docs/providers/yelp.md §3): authorised by the app's API key, not a user token.
 * 202 means accepted; the subscription becomes active asynchronously.
 */
export class YelpSubscriptions {
  constructor(
    private readonly config: YelpConfig,
    private readonly http: ProviderHttp,
  ) {}

  async subscribeWebhooks(businessId: string, clientId: string): Promise<void> {
    const apiKey = this.config.yelp.apiKey
    if (!apiKey)
      throw new NotConfiguredError(
        `Yelp is not configured on this server: set ${yelpManifest.envKeys.apiKey}`,
      )
    const response = await this.http.request({
      platform: 'yelp',
      clientId,
      method: 'POST',
      url: `${this.config.yelp.apiBase}/v3/businesses/subscriptions`,
      headers: { authorization: `Bearer ${apiKey}` },
      json: { subscription_types: ['WEBHOOK'], business_ids: [businessId] },
    })
    if (response.status === 202 || response.status === 200) return
    const reason = providerErrorMessage(response.body) ?? `HTTP ${response.status}`
    throw new ExternalServiceError(
      `Yelp refused the webhook subscription for business ${businessId}: ${reason}`,
    )
  }
}
