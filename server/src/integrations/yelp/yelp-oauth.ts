import { ExternalServiceError, NotConfiguredError } from '../../lib/errors.ts'
import { providerErrorCode } from '../http/provider-api.ts'
import { AppCredentialsRejectedError, TransientProviderError } from '../http/provider-errors.ts'
import { type ProviderHttp, providerErrorMessage } from '../http/provider-http.ts'
import { type YelpConfig, yelpManifest } from './yelp.manifest.ts'
import {
  type YelpTokenResponse,
  yelpBusinessesResponseSchema,
  yelpTokenResponseSchema,
} from './yelp.schemas.ts'

/** A refresh token Yelp refused: the business user must authorize again. */
export class YelpGrantRefusedError extends Error {}

/**
 * Yelp OAuth for a business user (docs/providers/yelp.md §4). Uses the v3 token endpoint: it rotates the
 * refresh token on every refresh, which is why refreshes are serialised by the token manager.
 */
export class YelpOAuth {
  constructor(
    private readonly config: YelpConfig,
    private readonly http: ProviderHttp,
  ) {}

  redirectUri(): string {
    return `${this.config.baseUrl}${yelpManifest.callbackPath}`
  }

  authorizeUrl(state: string): string {
    const { clientId } = this.credentials()
    const url = yelpManifest.authorizeUrl(this.config.yelp)
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: this.redirectUri(),
      scope: yelpManifest.scopes.join(' '),
      state,
    }).toString()
    return url.toString()
  }

  async exchangeCode(code: string, clientId: string): Promise<YelpTokenResponse> {
    return this.tokenRequest(clientId, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: this.redirectUri(),
    })
  }

  async refresh(refreshToken: string, clientId: string): Promise<YelpTokenResponse> {
    return this.tokenRequest(clientId, { grant_type: 'refresh_token', refresh_token: refreshToken })
  }

  /** Which businesses this user token reaches (the token response does not say). */
  async listBusinesses(accessToken: string, clientId: string): Promise<string[]> {
    const response = await this.http.request({
      platform: 'yelp',
      clientId,
      method: 'GET',
      url: `${this.config.yelp.partnerBase}/token/v1/businesses`,
      headers: { authorization: `Bearer ${accessToken}` },
    })
    if (response.status !== 200) {
      throw new ExternalServiceError(
        `Listing the Yelp businesses for client ${clientId} failed: ${response.status} ${providerErrorMessage(response.body) ?? ''}`.trim(),
      )
    }
    const parsed = yelpBusinessesResponseSchema.safeParse(response.body)
    if (!parsed.success)
      throw new ExternalServiceError('Yelp answered the business list in an unexpected shape')
    return parsed.data.business_ids
  }

  private async tokenRequest(clientId: string, grant: Record<string, string>): Promise<YelpTokenResponse> {
    const credentials = this.credentials()
    const response = await this.http.request({
      platform: 'yelp',
      clientId,
      method: 'POST',
      url: yelpManifest.tokenUrl(this.config.yelp),
      form: { ...grant, client_id: credentials.clientId, client_secret: credentials.clientSecret },
    })
    if (response.status === 200) {
      const parsed = yelpTokenResponseSchema.safeParse(response.body)
      if (parsed.success) return parsed.data
      throw new ExternalServiceError('Yelp answered the token request in an unexpected shape')
    }
    const reason = `${response.status} ${providerErrorMessage(response.body) ?? ''}`.trim()
    // docs/providers/yelp.md §4 error ids: INVALID_CLIENT (401) and CLIENT_NOT_FOUND (404) are the app's credentials.
    if (/^(INVALID_CLIENT|CLIENT_NOT_FOUND)$/i.test(tokenErrorId(response.body) ?? '')) {
      throw new AppCredentialsRejectedError(
        'yelp',
        `Yelp refused this server's app credentials (YELP_CLIENT_ID / YELP_CLIENT_SECRET): ${reason}`,
      )
    }
    if (response.status === 429) {
      throw new TransientProviderError('yelp', `Yelp token request for client ${clientId}: ${reason}`)
    }
    if (response.status >= 400 && response.status < 500) {
      throw new YelpGrantRefusedError(
        `Yelp refused the ${grant.grant_type} grant for client ${clientId}: ${reason}`,
      )
    }
    throw new ExternalServiceError(`Yelp token request for client ${clientId} failed: ${reason}`)
  }

  private credentials(): { clientId: string; clientSecret: string } {
    const { clientId, clientSecret } = this.config.yelp
    if (!clientId || !clientSecret) {
      const { envKeys } = yelpManifest
      throw new NotConfiguredError(
        `Yelp is not configured on this server: set ${envKeys.clientId} and ${envKeys.clientSecret}`,
      )
    }
    return { clientId, clientSecret }
  }
}

/**
 * The token endpoints name their error `error.id`, not the `error.code` of the rest of the API
 * (docs/providers/yelp.md §4 "Token errors"); that shape is documented for the retired endpoint
 * only, so `code` is read too should v3 answer in the API's shape.
 */
function tokenErrorId(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined
  const error = (body as { error?: unknown }).error
  if (!error || typeof error !== 'object') return undefined
  const id = (error as { id?: unknown }).id
  return typeof id === 'string' ? id : providerErrorCode(body)
}
