import { randomUUID } from 'node:crypto'
import { clearProviderAlert, raiseProviderAlert } from '../data/provider-alerts.repository.ts'
import type { DB } from '../db/database.ts'
import type { GhlTokenResponse } from '../integrations/ghl/ghl.schemas.ts'
import { GhlGrantRefusedError, type GhlOAuth } from '../integrations/ghl/ghl-oauth.ts'
import { AppCredentialsRejectedError, TransientProviderError } from '../integrations/http/provider-errors.ts'
import type { YelpTokenResponse } from '../integrations/yelp/yelp.schemas.ts'
import { YelpGrantRefusedError, type YelpOAuth } from '../integrations/yelp/yelp-oauth.ts'
import { AppError, NotFoundError } from '../lib/errors.ts'
import type { SecretBox } from '../lib/secret-box.ts'
import {
  type ClientRow,
  findClient,
  ghlTokensOf,
  lockClient,
  type StoredGhlTokens,
  type StoredYelpTokens,
  updateClient,
  yelpTokensOf,
} from '../modules/clients/clients.repository.ts'
import { acquireLease, releaseLease } from './credential-leases.repository.ts'

export type Provider = 'yelp' | 'ghl'

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
    private readonly db: DB,
    private readonly box: SecretBox,
    private readonly yelp: YelpOAuth,
    private readonly ghl: GhlOAuth,
  ) {}

  /** A Yelp access token valid for a few more minutes, refreshing first when needed. */
  async yelpAccessToken(clientId: string): Promise<string> {
    const tokens = yelpTokensOf(await this.client(clientId))
    this.assertUsable('yelp', clientId, tokens)
    const current = this.box.open(tokens.accessToken ?? '')
    if (!expiresSoon(tokens.expiresAt)) return current
    return this.refresh('yelp', clientId, { rejected: current })
  }

  async ghlAccessToken(clientId: string): Promise<string> {
    const tokens = ghlTokensOf(await this.client(clientId))
    this.assertUsable('ghl', clientId, tokens)
    const current = this.box.open(tokens.accessToken ?? '')
    if (!expiresSoon(tokens.expiresAt)) return current
    return this.refresh('ghl', clientId, { rejected: current })
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
    while (!(await acquireLease(this.db, key, this.holder, LEASE_TTL_MS))) {
      if (Date.now() > deadline)
        throw new TransientProviderError(
          provider,
          `Another process is still refreshing the ${provider} token for client ${clientId}`,
        )
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    try {
      const tokens =
        provider === 'yelp'
          ? yelpTokensOf(await this.client(clientId))
          : ghlTokensOf(await this.client(clientId))
      // The operators' refresh action tries a flagged connection too: success clears the flag.
      this.assertUsable(
        provider,
        clientId,
        options.evenIfFlagged ? { ...tokens, needsReauth: false } : tokens,
      )
      // Someone else refreshed while this one waited: use theirs.
      const current = this.box.open(tokens.accessToken ?? '')
      if (rejected !== undefined && current !== rejected && !expiresSoon(tokens.expiresAt)) return current
      const refreshToken = this.box.open(tokens.refreshToken ?? '')
      const fresh =
        provider === 'yelp'
          ? await this.refreshYelp(clientId, refreshToken)
          : await this.refreshGhl(clientId, refreshToken)
      await clearProviderAlert(this.db, provider)
      return fresh
    } catch (error) {
      // Every client's refresh would fail alike: one alert for the operator, no owner re-auth.
      if (error instanceof AppCredentialsRejectedError)
        await raiseProviderAlert(this.db, provider, error.message)
      throw error
    } finally {
      await releaseLease(this.db, key, this.holder)
    }
  }

  private async refreshYelp(clientId: string, refreshToken: string): Promise<string> {
    let fresh: YelpTokenResponse
    try {
      fresh = await this.yelp.refresh(refreshToken, clientId)
    } catch (error) {
      if (error instanceof YelpGrantRefusedError) await this.markNeedsReauth('yelp', clientId)
      throw error instanceof YelpGrantRefusedError ? new NeedsReauthError('yelp', error.message) : error
    }
    await this.db.transaction(async (tx) => {
      const row = await lockClient(tx, clientId)
      if (!row) return
      await updateClient(tx, clientId, { yelpTokens: { ...yelpTokensOf(row), ...this.sealYelp(fresh) } })
    })
    return fresh.access_token
  }

  private async refreshGhl(clientId: string, refreshToken: string): Promise<string> {
    let fresh: GhlTokenResponse
    try {
      fresh = await this.ghl.refresh(refreshToken, clientId)
    } catch (error) {
      if (error instanceof GhlGrantRefusedError) await this.markNeedsReauth('ghl', clientId)
      throw error instanceof GhlGrantRefusedError ? new NeedsReauthError('ghl', error.message) : error
    }
    await this.db.transaction(async (tx) => {
      const row = await lockClient(tx, clientId)
      if (!row) return
      await updateClient(tx, clientId, { ghlTokens: { ...ghlTokensOf(row), ...this.sealGhl(fresh) } })
    })
    return fresh.access_token
  }

  /** The stored form of a Yelp token response (the old refresh token stays when none is sent). */
  sealYelp(fresh: YelpTokenResponse): StoredYelpTokens {
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

  sealGhl(fresh: GhlTokenResponse): StoredGhlTokens {
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

  /** Flags a connection its owner must authorize again (also: Yelp's 404 for a lost business). */
  async markNeedsReauth(provider: Provider, clientId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await lockClient(tx, clientId)
      if (!row) return
      if (provider === 'yelp')
        await updateClient(tx, clientId, { yelpTokens: { ...yelpTokensOf(row), needsReauth: true } })
      else await updateClient(tx, clientId, { ghlTokens: { ...ghlTokensOf(row), needsReauth: true } })
    })
  }

  private assertUsable(
    provider: Provider,
    clientId: string,
    tokens: StoredYelpTokens | StoredGhlTokens,
  ): void {
    const name = provider === 'yelp' ? 'Yelp' : 'GoHighLevel'
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

  private async client(clientId: string): Promise<ClientRow> {
    const row = await findClient(this.db, clientId)
    if (!row) throw new NotFoundError(`Client ${clientId} not found`)
    return row
  }
}

function expiresSoon(expiresAt: string | null | undefined): boolean {
  if (!expiresAt) return false
  return new Date(expiresAt).getTime() - Date.now() < REFRESH_AHEAD_MS
}
