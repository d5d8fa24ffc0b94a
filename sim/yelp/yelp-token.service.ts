import type { SimClock } from '../core/sim-clock.ts'
import { authorizationCode, yelpToken } from './yelp-ids.ts'
import type { ResolvedYelpSimOptions } from './yelp-sim.options.ts'
import { yelpTime } from './yelp-time.ts'

/**
 * OAuth state (docs/providers/yelp.md §4): codes, grants (one per consent of a user to the client) and the
 * access/refresh tokens issued for them, with expiry on the sim clock and v3 rotation lineage.
 */

interface StoredCode {
  clientId: string
  userId: string
  redirectUri: string
  scope: string
  expiresAtMs: number
  isUsed: boolean
}

interface Grant {
  id: number
  clientId: string
  userId: string
  scope: string
  isRevoked: boolean
}

interface StoredRefreshToken {
  grantId: number
  expiresAtMs: number
  status: 'active' | 'rotated' | 'revoked'
}

interface StoredAccessToken {
  grantId: number
  userId: string
  clientId: string
  expiresAtMs: number
  isRevoked: boolean
}

/** docs/providers/yelp.md §4 token response fields. */
export interface YelpTokenResponse {
  access_token: string
  token_type: 'Bearer'
  expires_in: number
  expires_on: string
  refresh_token: string
  refresh_token_expires_in: number
  refresh_token_expires_on: string
  scope: string
}

export type TokenResult =
  | { ok: true; tokens: YelpTokenResponse }
  | { ok: false; status: number; id: string; description: string }

export interface AccessTokenOwner {
  userId: string
  clientId: string
}

export class YelpTokenService {
  private codes = new Map<string, StoredCode>()
  private grants = new Map<number, Grant>()
  private refreshTokens = new Map<string, StoredRefreshToken>()
  private accessTokens = new Map<string, StoredAccessToken>()
  private nextGrantId = 1

  constructor(
    private readonly clock: SimClock,
    private readonly options: ResolvedYelpSimOptions,
  ) {}

  issueCode(input: { clientId: string; userId: string; redirectUri: string; scope: string }): string {
    const code = authorizationCode()
    const expiresAtMs = this.clock.now() + this.options.codeLifetimeSeconds * 1000
    this.codes.set(code, { ...input, expiresAtMs, isUsed: false })
    return code
  }

  exchangeCode(input: { code: string; clientId: string; redirectUri: string }): TokenResult {
    const stored = this.codes.get(input.code)
    if (
      !stored ||
      stored.isUsed ||
      stored.expiresAtMs <= this.clock.now() ||
      stored.clientId !== input.clientId
    ) {
      // Codes are single-use and live 5 minutes (docs/providers/yelp.md §4). Which id Yelp uses for a bad code is
      // not documented; INVALID_TOKEN (400) is the closest of the documented ids.
      return invalid('The authorization code is invalid, expired or already used.')
    }
    if (stored.redirectUri !== input.redirectUri) {
      return { ok: false, status: 400, id: 'INVALID_REQUEST', description: 'redirect_uri does not match.' }
    }
    stored.isUsed = true
    return { ok: true, tokens: this.grant(stored.clientId, stored.userId, stored.scope) }
  }

  /** Issues tokens for a user without the browser dance (createYelpSim helper, control API). */
  grant(clientId: string, userId: string, scope = 'leads'): YelpTokenResponse {
    const grant: Grant = { id: this.nextGrantId++, clientId, userId, scope, isRevoked: false }
    this.grants.set(grant.id, grant)
    const refreshToken = yelpToken()
    const refreshExpiresAtMs = this.clock.now() + this.options.refreshTokenLifetimeSeconds * 1000
    this.refreshTokens.set(refreshToken, {
      grantId: grant.id,
      expiresAtMs: refreshExpiresAtMs,
      status: 'active',
    })
    return this.tokenResponse(grant, refreshToken, refreshExpiresAtMs)
  }

  /**
   * docs/providers/yelp.md §4 "v2 vs v3 refresh": v2 keeps returning the same refresh token with its expiry
   * unchanged; v3 issues a new one every time, and presenting an expired/invalid one revokes the
   * grant's currently active refresh token: a refresh race kills the connection
   * (docs/providers/simulators.md pitfall 2).
   */
  refresh(input: { refreshToken: string; clientId: string; version: 'v2' | 'v3' }): TokenResult {
    const stored = this.refreshTokens.get(input.refreshToken)
    const grant = stored ? this.grants.get(stored.grantId) : undefined
    if (!stored || !grant || grant.clientId !== input.clientId) {
      return invalid('The refresh token is invalid.')
    }
    const now = this.clock.now()
    const isUsable = stored.status === 'active' && !grant.isRevoked && stored.expiresAtMs > now
    if (!isUsable) {
      if (input.version === 'v3') this.revokeGrant(grant, { keepAccessTokens: true })
      return invalid('The refresh token is expired, revoked or was already rotated.')
    }
    if (input.version === 'v2')
      return { ok: true, tokens: this.tokenResponse(grant, input.refreshToken, stored.expiresAtMs) }
    stored.status = 'rotated'
    const next = yelpToken()
    // The rotated token's lifetime is not documented; a fresh 365 days is the plausible reading.
    const expiresAtMs = now + this.options.refreshTokenLifetimeSeconds * 1000
    this.refreshTokens.set(next, { grantId: grant.id, expiresAtMs, status: 'active' })
    return { ok: true, tokens: this.tokenResponse(grant, next, expiresAtMs) }
  }

  /** `POST /oauth2/revoke`: a refresh token ends its grant; an access token ends only itself. */
  revoke(token: string, clientId: string): void {
    const access = this.accessTokens.get(token)
    if (access && access.clientId === clientId) access.isRevoked = true
    const refresh = this.refreshTokens.get(token)
    const grant = refresh ? this.grants.get(refresh.grantId) : undefined
    if (grant && grant.clientId === clientId) this.revokeGrant(grant, { keepAccessTokens: false })
  }

  /** The user and client behind a live access token, or null (unknown, expired or revoked). */
  authenticate(accessToken: string): AccessTokenOwner | null {
    const stored = this.accessTokens.get(accessToken)
    if (!stored || stored.isRevoked || stored.expiresAtMs <= this.clock.now()) return null
    return { userId: stored.userId, clientId: stored.clientId }
  }

  isAccessToken(token: string): boolean {
    return this.accessTokens.has(token)
  }

  snapshot() {
    const now = this.clock.now()
    return [...this.grants.values()].map((grant) => ({
      grantId: grant.id,
      clientId: grant.clientId,
      userId: grant.userId,
      scope: grant.scope,
      isRevoked: grant.isRevoked,
      refreshTokens: [...this.refreshTokens.entries()]
        .filter(([, r]) => r.grantId === grant.id)
        .map(([token, r]) => ({ token, status: r.status, expiresAt: yelpTime(r.expiresAtMs) })),
      accessTokens: [...this.accessTokens.entries()]
        .filter(([, a]) => a.grantId === grant.id)
        .map(([token, a]) => ({
          token,
          isLive: !a.isRevoked && a.expiresAtMs > now,
          expiresAt: yelpTime(a.expiresAtMs),
        })),
    }))
  }

  clear(): void {
    this.codes.clear()
    this.grants.clear()
    this.refreshTokens.clear()
    this.accessTokens.clear()
    this.nextGrantId = 1
  }

  private revokeGrant(grant: Grant, { keepAccessTokens }: { keepAccessTokens: boolean }): void {
    grant.isRevoked = true
    for (const r of this.refreshTokens.values()) if (r.grantId === grant.id) r.status = 'revoked'
    // docs/providers/yelp.md §4 only says the active *refresh* token is revoked by a stale v3 refresh, so live
    // access tokens keep working until they expire; an explicit revoke ends them too.
    if (!keepAccessTokens)
      for (const a of this.accessTokens.values()) if (a.grantId === grant.id) a.isRevoked = true
  }

  private tokenResponse(grant: Grant, refreshToken: string, refreshExpiresAtMs: number): YelpTokenResponse {
    const now = this.clock.now()
    const accessToken = yelpToken()
    const expiresAtMs = now + this.options.accessTokenLifetimeSeconds * 1000
    this.accessTokens.set(accessToken, {
      grantId: grant.id,
      userId: grant.userId,
      clientId: grant.clientId,
      expiresAtMs,
      isRevoked: false,
    })
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: this.options.accessTokenLifetimeSeconds,
      expires_on: yelpTime(expiresAtMs),
      refresh_token: refreshToken,
      // Rounded: the expiry was set a moment ago on the same clock, and a fresh token must
      // read a whole year, not a year less one second.
      refresh_token_expires_in: Math.max(0, Math.round((refreshExpiresAtMs - now) / 1000)),
      refresh_token_expires_on: yelpTime(refreshExpiresAtMs),
      scope: grant.scope,
    }
  }
}

function invalid(description: string): TokenResult {
  return { ok: false, status: 400, id: 'INVALID_TOKEN', description }
}
