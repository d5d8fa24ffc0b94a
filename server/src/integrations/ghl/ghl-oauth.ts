import { ExternalServiceError, NotConfiguredError } from '../../lib/errors.ts'
import { AppCredentialsRejectedError, TransientProviderError } from '../http/provider-errors.ts'
import { type ProviderHttp, providerErrorMessage } from '../http/provider-http.ts'
import { type GhlConfig, ghlManifest } from './ghl.manifest.ts'
import { type GhlTokenResponse, ghlTokenResponseSchema } from './ghl.schemas.ts'

/** A refresh token GHL refused (single-use tokens, suspended location): re-authorize. */
export class GhlGrantRefusedError extends Error {}

/** GHL Marketplace OAuth for a sub-account (docs/providers/ghl.md §5): form-encoded, rotating refresh tokens. */
export class GhlOAuth {
  constructor(
    private readonly config: GhlConfig,
    private readonly http: ProviderHttp,
  ) {}

  redirectUri(): string {
    return `${this.config.baseUrl}${ghlManifest.callbackPath}`
  }

  authorizeUrl(state: string): string {
    const { clientId } = this.credentials()
    const url = ghlManifest.authorizeUrl(this.config.ghl)
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: this.redirectUri(),
      scope: ghlManifest.scopes.join(' '),
      state,
    }).toString()
    return url.toString()
  }

  exchangeCode(code: string, clientId: string): Promise<GhlTokenResponse> {
    return this.tokenRequest(clientId, {
      grant_type: 'authorization_code',
      code,
      user_type: 'Location',
      redirect_uri: this.redirectUri(),
    })
  }

  refresh(refreshToken: string, clientId: string): Promise<GhlTokenResponse> {
    return this.tokenRequest(clientId, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      user_type: 'Location',
    })
  }

  private async tokenRequest(clientId: string, grant: Record<string, string>): Promise<GhlTokenResponse> {
    const credentials = this.credentials()
    const response = await this.http.request({
      platform: 'ghl',
      clientId,
      method: 'POST',
      url: ghlManifest.tokenUrl(this.config.ghl),
      form: { ...grant, client_id: credentials.clientId, client_secret: credentials.clientSecret },
    })
    if (response.status === 200 || response.status === 201) {
      const parsed = ghlTokenResponseSchema.safeParse(response.body)
      if (parsed.success) return parsed.data
      throw new ExternalServiceError('GoHighLevel answered the token request in an unexpected shape')
    }
    const message = providerErrorMessage(response.body) ?? ''
    const reason = `${response.status} ${message}`.trim()
    // docs/providers/ghl.md §5: "Invalid client" is the app's credentials, not the grant (whose refusal's exact
    // status is not documented, so the message decides, not the 401).
    if (/invalid.?client/i.test(message)) {
      throw new AppCredentialsRejectedError(
        'ghl',
        `GoHighLevel refused this server's app credentials (GHL_CLIENT_ID / GHL_CLIENT_SECRET): ${reason}`,
      )
    }
    if (response.status === 429) {
      throw new TransientProviderError('ghl', `GoHighLevel token request for client ${clientId}: ${reason}`)
    }
    if (response.status >= 400 && response.status < 500) {
      throw new GhlGrantRefusedError(
        `GoHighLevel refused the ${grant.grant_type} grant for client ${clientId}: ${reason}`,
      )
    }
    throw new ExternalServiceError(`GoHighLevel token request for client ${clientId} failed: ${reason}`)
  }

  private credentials(): { clientId: string; clientSecret: string } {
    const { clientId, clientSecret } = this.config.ghl
    if (!clientId || !clientSecret) {
      const { envKeys } = ghlManifest
      throw new NotConfiguredError(
        `GoHighLevel is not configured on this server: set ${envKeys.clientId} and ${envKeys.clientSecret}`,
      )
    }
    return { clientId, clientSecret }
  }
}
