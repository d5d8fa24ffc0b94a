import { randomUUID } from 'node:crypto'
import { AppError, NotFoundError } from '../../lib/errors.ts'
import { type SecretBox, UnreadableSecretError } from '../../lib/secret-box.ts'
import type { GhlTokenResponse } from '../ghl/ghl.schemas.ts'
import { GhlGrantRefusedError, type GhlOAuth } from '../ghl/ghl-oauth.ts'
import { AppCredentialsRejectedError, TransientProviderError } from '../http/provider-errors.ts'
import { providerManifests } from '../provider-manifests.ts'
import type { YelpTokenResponse } from '../yelp/yelp.schemas.ts'
import { YelpGrantRefusedError, type YelpOAuth } from '../yelp/yelp-oauth.ts'
import type { AccessTokenSource } from './access-token-source.port.ts'
import type { CredentialLeases } from './credential-lease.port.ts'
import type { ProviderAlerts } from './provider-alerts.port.ts'
import type { ReauthListener } from './reauth-listener.port.ts'
import type {
  Provider,
  SealedGhlTokens,
  SealedYelpTokens,
  StoredCredential,
  TokenStore,
} from './token-store.port.ts'

export type { Provider }

/** Why a connection needs re-auth when no configured APP_SECRET opens its stored token or key. */
export function unreadableReason(provider: Provider, what = 'tokens'): string {
  return `The stored ${providerManifests[provider].displayName} ${what} cannot be decrypted with the configured APP_SECRET: connect again`
}

/** The connection needs its owner to authorize again; jobs using it park instead of looping. */
export class NeedsReauthError extends AppError {
  constructor(
    readonly provider: Provider,
    message: string,
  ) {
    super(409, message)
  }
}

/** Not connected at all: there is no token to use or refresh. */
export class NotConnectedError extends AppError {
  constructor(message: string) {
    super(409, message)
  }
}

const REFRESH_AHEAD_MS = 5 * 60_000
const LEASE_TTL_MS = 30_000
const LEASE_WAIT_MS = 25_000

/**
 * Hands out valid access tokens for both providers and refreshes them: shortly before expiry,
 * once after a 401, or on request. Both providers rotate refresh tokens (a lost race kills the
 * connection), so one refresh per credential runs at a time — a promise per credential within
 * this process and a database lease across processes — and the new pair is stored before use.
 */
export class TokenManager {
  private readonly inFlight = new Map<string, Promise<string>>()
  private readonly holder = randomUUID()

  constructor(
    private readonly store: TokenStore,
    private readonly leases: CredentialLeases,
    private readonly box: SecretBox,
    private readonly yelp: YelpOAuth,
    private readonly ghl: GhlOAuth,
    private readonly alerts: ProviderAlerts,
    private readonly onNeedsReauth: ReauthListener = async () => {},
  ) {}

  /** A Yelp access token valid for a few more minutes, refreshing first when needed. */
  yelpAccessToken(clientId: string): Promise<string> {
    return this.accessToken('yelp', clientId)
  }

  ghlAccessToken(clientId: string): Promise<string> {
    return this.accessToken('ghl', clientId)
  }

  /** What a provider client needs: tokens for its provider, never the manager itself. */
  source(provider: Provider): AccessTokenSource {
    return {
      accessToken: (clientId) => this.accessToken(provider, clientId),
      refresh: (clientId, rejected) => this.refresh(provider, clientId, { rejected }),
    }
  }

  private async accessToken(provider: Provider, clientId: string): Promise<string> {
    const tokens = await this.stored(provider, clientId)
    this.assertUsable(provider, clientId, tokens)
    const current = await this.openToken(provider, clientId, tokens.accessToken)
    if (!expiresSoon(tokens.expiresAt)) return current
    return this.refresh(provider, clientId, { rejected: current })
  }

  /**
   * Refreshes now and returns the new access token. With `rejected` (the token a provider just
   * answered 401 to, or the one found expiring), a refresh another caller or process already
   * made meanwhile is reused instead of repeated: "once after a 401", however many jobs saw it.
   */
  refresh(
    provider: Provider,
    clientId: string,
    options: { rejected?: string; evenIfFlagged?: boolean } = {},
  ): Promise<string> {
    const key = `${provider}:${clientId}`
    const running = this.inFlight.get(key)
    if (running) return running
    const work = this.refreshUnderLease(provider, clientId, key, options).finally(() =>
      this.inFlight.delete(key),
    )
    this.inFlight.set(key, work)
    return work
  }

  private async refreshUnderLease(
    provider: Provider,
    clientId: string,
    key: string,
    options: { rejected?: string; evenIfFlagged?: boolean },
  ): Promise<string> {
    const { rejected } = options
    const deadline = Date.now() + LEASE_WAIT_MS
    while (!(await this.leases.acquire(key, this.holder, LEASE_TTL_MS))) {
      if (Date.now() > deadline)
        throw new TransientProviderError(
          provider,
          `Another process is still refreshing the ${provider} token for client ${clientId}`,
        )
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    try {
      const tokens = await this.stored(provider, clientId)
      // The operators' refresh action tries a flagged connection too: success clears the flag.
      this.assertUsable(
        provider,
        clientId,
        options.evenIfFlagged ? { ...tokens, needsReauth: false } : tokens,
      )
      // Someone else refreshed while this one waited: use theirs.
      const current = await this.openToken(provider, clientId, tokens.accessToken)
      if (rejected !== undefined && current !== rejected && !expiresSoon(tokens.expiresAt)) return current
      const refreshToken = await this.openToken(provider, clientId, tokens.refreshToken)
      const fresh =
        provider === 'yelp'
          ? await this.refreshYelp(clientId, refreshToken)
          : await this.refreshGhl(clientId, refreshToken)
      await this.alerts.clear(provider)
      return fresh
    } catch (error) {
      // Every client's refresh would fail alike: one alert for the operator, no owner re-auth.
      if (error instanceof AppCredentialsRejectedError) await this.alerts.raise(provider, error.message)
      throw error
    } finally {
      await this.leases.release(key, this.holder)
    }
  }

  private async refreshYelp(clientId: string, refreshToken: string): Promise<string> {
    let fresh: YelpTokenResponse
    try {
      fresh = await this.yelp.refresh(refreshToken, clientId)
    } catch (error) {
      if (error instanceof YelpGrantRefusedError) await this.markNeedsReauth('yelp', clientId, error.message)
      throw error instanceof YelpGrantRefusedError ? new NeedsReauthError('yelp', error.message) : error
    }
    await this.store.merge('yelp', clientId, this.sealYelp(fresh))
    return fresh.access_token
  }

  private async refreshGhl(clientId: string, refreshToken: string): Promise<string> {
    let fresh: GhlTokenResponse
    try {
      fresh = await this.ghl.refresh(refreshToken, clientId)
    } catch (error) {
      if (error instanceof GhlGrantRefusedError) await this.markNeedsReauth('ghl', clientId, error.message)
      throw error instanceof GhlGrantRefusedError ? new NeedsReauthError('ghl', error.message) : error
    }
    await this.store.merge('ghl', clientId, this.sealGhl(fresh))
    return fresh.access_token
  }

  /** The stored form of a Yelp token response (the old refresh token stays when none is sent). */
  sealYelp(fresh: YelpTokenResponse): SealedYelpTokens {
    const now = Date.now()
    return {
      accessToken: this.box.seal(fresh.access_token),
      ...(fresh.refresh_token ? { refreshToken: this.box.seal(fresh.refresh_token) } : {}),
      expiresAt: fresh.expires_in ? new Date(now + fresh.expires_in * 1000).toISOString() : null,
      ...(fresh.refresh_token_expires_in
        ? { refreshExpiresAt: new Date(now + fresh.refresh_token_expires_in * 1000).toISOString() }
        : {}),
      needsReauth: false,
      refreshedAt: new Date(now).toISOString(),
    }
  }

  sealGhl(fresh: GhlTokenResponse): SealedGhlTokens {
    const now = Date.now()
    return {
      accessToken: this.box.seal(fresh.access_token),
      refreshToken: this.box.seal(fresh.refresh_token),
      expiresAt: fresh.expires_in ? new Date(now + fresh.expires_in * 1000).toISOString() : null,
      ...(fresh.locationId ? { locationId: fresh.locationId } : {}),
      ...(fresh.companyId ? { companyId: fresh.companyId } : {}),
      ...(fresh.userId ? { userId: fresh.userId } : {}),
      ...(fresh.scope ? { scope: fresh.scope } : {}),
      needsReauth: false,
      refreshedAt: new Date(now).toISOString(),
    }
  }

  /**
   * A stored token in the clear. One that no configured APP_SECRET opens marks the connection
   * "needs re-auth" with that reason (docs/decisions/0016 §7), so its jobs park instead of failing.
   */
  private async openToken(provider: Provider, clientId: string, sealed: string | null | undefined) {
    try {
      return this.box.open(sealed ?? '')
    } catch (error) {
      if (!(error instanceof UnreadableSecretError)) throw error
      const reason = unreadableReason(provider)
      await this.markNeedsReauth(provider, clientId, reason)
      throw new NeedsReauthError(provider, `Client ${clientId}: ${reason}`)
    }
  }

  /**
   * Flags a connection its owner must authorize again, with the reason when one is known (also:
   * Yelp's 404 for a lost business).
   */
  async markNeedsReauth(provider: Provider, clientId: string, reason?: string): Promise<void> {
    const wasFlagged = (await this.store.read(provider, clientId))?.needsReauth === true
    await this.store.merge(provider, clientId, {
      needsReauth: true,
      ...(reason ? { reauthReason: reason } : {}),
    })
    if (!wasFlagged) await this.onNeedsReauth(provider, clientId, reason)
  }

  private assertUsable(provider: Provider, clientId: string, tokens: StoredCredential): void {
    const name = providerManifests[provider].displayName
    if (!tokens.accessToken || !tokens.refreshToken) {
      throw new NotConnectedError(`Client ${clientId} is not connected to ${name}`)
    }
    if (tokens.needsReauth) {
      throw new NeedsReauthError(
        provider,
        `The ${name} connection of client ${clientId} needs to be authorized again`,
      )
    }
  }

  private async stored(provider: Provider, clientId: string): Promise<StoredCredential> {
    const tokens = await this.store.read(provider, clientId)
    if (!tokens) throw new NotFoundError(`Client ${clientId} not found`)
    return tokens
  }
}

function expiresSoon(expiresAt: string | null | undefined): boolean {
  if (!expiresAt) return false
  return new Date(expiresAt).getTime() - Date.now() < REFRESH_AHEAD_MS
}
