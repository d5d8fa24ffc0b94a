import { jwtLikeToken } from './ghl-ids.ts'
import type { GhlContext } from './ghl-route.guard.ts'
import type { GhlGrant } from './ghl-store.ts'

/**
 * Issues an access + refresh token pair for a grant and answers the token response of docs/providers/ghl.md §5:
 * `locationId` only for sub-account tokens, the agency fields only for Company tokens.
 */
export function issueTokenPair(ctx: GhlContext, grant: GhlGrant): Record<string, unknown> {
  const now = ctx.clock.now()
  const { accessTokenLifetimeSeconds, refreshTokenLifetimeSeconds, clientId } = ctx.config
  const authClassId = grant.locationId ?? grant.companyId
  const access = jwtLikeToken({
    authClass: grant.userType,
    authClassId,
    source: 'INTEGRATION',
    sourceId: clientId,
    channel: 'OAUTH',
    iat: Math.floor(now / 1000),
    exp: Math.floor(now / 1000) + accessTokenLifetimeSeconds,
  })
  const refresh = jwtLikeToken({ authClass: grant.userType, authClassId, sourceId: clientId, refresh: true })
  ctx.store.accessTokens.set(access, {
    ...grant,
    token: access,
    expiresAt: now + accessTokenLifetimeSeconds * 1000,
  })
  ctx.store.refreshTokens.set(refresh, {
    ...grant,
    token: refresh,
    expiresAt: now + refreshTokenLifetimeSeconds * 1000,
    usedAt: null,
    revoked: false,
  })
  const response: Record<string, unknown> = {
    access_token: access,
    token_type: 'Bearer',
    expires_in: accessTokenLifetimeSeconds,
    refresh_token: refresh,
    scope: grant.scopes.join(' '),
    userType: grant.userType,
  }
  if (grant.locationId) response.locationId = grant.locationId
  response.companyId = grant.companyId
  if (grant.userType === 'Company') {
    response.approvedLocations = [...ctx.store.locations.values()]
      .filter((l) => l.companyId === grant.companyId)
      .map((l) => l.id)
    response.approveAllLocations = false
    response.installToFutureLocations = false
  }
  response.userId = grant.userId
  response.isBulkInstallation = false
  return response
}

/** Every scope the simulated app may ask for (docs/providers/ghl.md §5–§9); the default when `scope` is omitted. */
export const ALL_SCOPES = [
  'contacts.readonly',
  'contacts.write',
  'locations/customFields.readonly',
  'locations/customFields.write',
  'conversations.readonly',
  'conversations.write',
  'conversations/message.readonly',
  'conversations/message.write',
  'opportunities.readonly',
  'opportunities.write',
  'oauth.readonly',
  'oauth.write',
]
