import { randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { badRequest, GhlError, unauthorized, unprocessable } from './ghl-errors.ts'
import { type GhlContext, ghlRoute, sendOutput, VERSION_CONTACTS } from './ghl-route.guard.ts'
import type { GhlGrant, GhlLocation, UserType } from './ghl-store.ts'
import { ALL_SCOPES, issueTokenPair } from './ghl-tokens.service.ts'
import { type Body, type Dto, queryParam, str, validateDto } from './ghl-validation.ts'

/** docs/providers/ghl.md §5 token form fields. */
const TOKEN_DTO: Dto = {
  client_id: { type: 'string', required: true },
  client_secret: { type: 'string', required: true },
  grant_type: {
    type: 'enum',
    values: ['authorization_code', 'refresh_token', 'client_credentials'],
    required: true,
  },
  code: { type: 'string' },
  refresh_token: { type: 'string' },
  user_type: { type: 'enum', values: ['Location', 'Company'] },
  redirect_uri: { type: 'string' },
}

const LOCATION_TOKEN_DTO: Dto = {
  companyId: { type: 'string', required: true },
  locationId: { type: 'string', required: true },
}

/**
 * The exact texts of OAuth grant errors are not published (docs/providers/ghl.md §5, issue #249 for the one that
 * is). These follow the OAuth-server wording GHL's token endpoint is reported to use, in the
 * `{statusCode, message}` shape of common-schemas.
 */
const INVALID_CODE = 'Invalid grant: authorization code is invalid'
const EXPIRED_CODE = 'Invalid grant: authorization code has expired'
const INVALID_REFRESH = 'Invalid grant: refresh token is invalid'
const EXPIRED_REFRESH = 'Invalid grant: refresh token has expired'

export function registerGhlOAuthRoutes(app: FastifyInstance, ctx: GhlContext): void {
  // docs/providers/ghl.md §5: the docs moved the page to /v2/oauth/chooselocation in May 2026; the official SDK
  // still builds /oauth/chooselocation, and both must work. The white-label host serves the same paths.
  const authorize = (request: FastifyRequest, reply: FastifyReply) => chooseLocation(ctx, request, reply)
  app.get('/v2/oauth/chooselocation', authorize)
  app.get('/oauth/chooselocation', authorize)

  app.post('/oauth/token', async (request, reply) => {
    try {
      return sendOutput(reply, 200, exchangeToken(ctx, request))
    } catch (error) {
      if (error instanceof GhlError) return sendOutput(reply, error.status, error.body ?? undefined)
      throw error
    }
  })

  // docs/providers/ghl.md §5: agency token with oauth.write + Version 2021-07-28 → a sub-account token.
  app.post(
    '/oauth/locationToken',
    ghlRoute(
      ctx,
      { version: VERSION_CONTACTS, scope: 'oauth.write', authClass: 'Company' },
      ({ caller, body }) => {
        const form = validateDto(body, LOCATION_TOKEN_DTO)
        const location = ctx.store.locations.get(String(form.locationId))
        if (form.companyId !== caller.companyId || !location || location.companyId !== caller.companyId) {
          throw badRequest('Location not found for this company')
        }
        const grant: GhlGrant = {
          userType: 'Location',
          locationId: location.id,
          companyId: location.companyId,
          userId: caller.userId ?? '',
          scopes: caller.scopes,
        }
        return { status: 200, body: issueTokenPair(ctx, grant) }
      },
    ),
  )
}

function chooseLocation(ctx: GhlContext, request: FastifyRequest, reply: FastifyReply) {
  const query = request.query
  const fail = (message: string) => reply.code(400).send({ statusCode: 400, message })
  if (queryParam(query, 'client_id') !== ctx.config.clientId) return fail('Invalid client_id')
  if (queryParam(query, 'response_type') !== 'code') return fail('response_type must be code')
  const redirectUri = queryParam(query, 'redirect_uri')
  if (!redirectUri || !URL.canParse(redirectUri)) return fail('redirect_uri is invalid')
  if (ctx.config.redirectUris && !ctx.config.redirectUris.includes(redirectUri)) {
    return fail('redirect_uri is not registered for this app')
  }
  const state = queryParam(query, 'state')
  const choice = ctx.store.nextAuthorization ?? {}
  ctx.store.nextAuthorization = null
  const target = new URL(redirectUri)
  if (choice.deny) {
    // Not documented: what an OAuth server answers when the user cancels (RFC 6749 §4.1.2.1).
    target.searchParams.set('error', 'access_denied')
    if (state) target.searchParams.set('state', state)
    return reply.redirect(target.toString(), 302)
  }
  const location: GhlLocation | undefined = choice.locationId
    ? ctx.store.locations.get(choice.locationId)
    : [...ctx.store.locations.values()][0]
  if (!location) return fail('No sub-account to choose: seed one with POST /__sim/ghl/locations')
  const user = choice.userId ? ctx.store.users.get(choice.userId) : ctx.store.usersOf(location.id)[0]
  if (!user) return fail(`No user for location ${location.id}: seed one with POST /__sim/ghl/users`)
  // docs/providers/ghl.md §5: `scope` is space-separated; when omitted the simulated app grants all its scopes.
  const scopes = queryParam(query, 'scope')?.split(/\s+/).filter(Boolean) ?? ALL_SCOPES
  const code = randomBytes(20).toString('hex')
  ctx.store.authCodes.set(code, {
    code,
    redirectUri,
    scopes,
    locationId: location.id,
    companyId: location.companyId,
    userId: user.id,
    expiresAt: ctx.clock.now() + ctx.config.authCodeLifetimeSeconds * 1000,
    used: false,
  })
  // docs/providers/ghl.md §5 Callback: `<redirect_uri>?code=<auth code>`; `state` comes back as OAuth servers do.
  target.searchParams.set('code', code)
  if (state) target.searchParams.set('state', state)
  return reply.redirect(target.toString(), 302)
}

function exchangeToken(ctx: GhlContext, request: FastifyRequest): Record<string, unknown> {
  // docs/providers/ghl.md §5: the token endpoint takes x-www-form-urlencoded only (an OAuth server, not the JSON API).
  const contentType = String(request.headers['content-type'] ?? '')
  if (!contentType.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    throw badRequest('Invalid request: content must be application/x-www-form-urlencoded')
  }
  const form = validateDto(request.body, TOKEN_DTO)
  if (form.client_id !== ctx.config.clientId || form.client_secret !== ctx.config.clientSecret) {
    throw unauthorized('Invalid client: client is invalid')
  }
  if (form.grant_type === 'authorization_code') return exchangeCode(ctx, form)
  if (form.grant_type === 'refresh_token') return refresh(ctx, form)
  // client_credentials is in the enum but not how a Marketplace app gets location tokens.
  throw badRequest('Unsupported grant type: `grant_type` is invalid')
}

function exchangeCode(ctx: GhlContext, form: Body): Record<string, unknown> {
  const code = str(form, 'code')
  if (!code) throw unprocessable(['code should not be empty'])
  const stored = ctx.store.authCodes.get(code)
  if (!stored || stored.used) throw badRequest(INVALID_CODE)
  if (stored.expiresAt <= ctx.clock.now()) throw badRequest(EXPIRED_CODE)
  const redirectUri = str(form, 'redirect_uri')
  if (redirectUri && redirectUri !== stored.redirectUri)
    throw badRequest('Invalid request: `redirect_uri` is invalid')
  assertActive(ctx, stored.locationId)
  stored.used = true
  const userType: UserType = form.user_type === 'Company' ? 'Company' : 'Location'
  return issueTokenPair(ctx, {
    userType,
    locationId: userType === 'Location' ? stored.locationId : null,
    companyId: stored.companyId,
    userId: stored.userId,
    scopes: stored.scopes,
  })
}

function refresh(ctx: GhlContext, form: Body): Record<string, unknown> {
  const token = str(form, 'refresh_token')
  if (!token) throw unprocessable(['refresh_token should not be empty'])
  const stored = ctx.store.refreshTokens.get(token)
  // docs/providers/ghl.md §5: each refresh returns a new refresh token and invalidates the old one (single use).
  if (!stored || stored.usedAt !== null || stored.revoked) throw badRequest(INVALID_REFRESH)
  if (stored.expiresAt <= ctx.clock.now()) throw badRequest(EXPIRED_REFRESH)
  if (stored.locationId) assertActive(ctx, stored.locationId)
  stored.usedAt = ctx.clock.now()
  // Earlier access tokens stay valid until they expire: they are stateless JWTs.
  const { userType, locationId, companyId, userId, scopes } = stored
  return issueTokenPair(ctx, { userType, locationId, companyId, userId, scopes })
}

/** docs/providers/ghl.md §5: the one published refresh error, for a suspended sub-account (issue #249). */
function assertActive(ctx: GhlContext, locationId: string): void {
  if (ctx.store.locations.get(locationId)?.isActive === false) throw badRequest('Location is not active')
}
