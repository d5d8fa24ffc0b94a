import type { FastifyReply, FastifyRequest } from 'fastify'
import { sendYelpError } from './yelp-errors.ts'
import type { YelpSimContext } from './yelp-sim.context.ts'
import type { AccessTokenOwner } from './yelp-token.service.ts'

/** The token after `Bearer ` in the Authorization header, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null
  return match?.[1] ?? null
}

/**
 * Leads and business-discovery endpoints take only the business user's OAuth access token
 * (docs/providers/yelp.md §1: the Places API key does not work). Anything else is 401 TOKEN_INVALID.
 * Sends the error and returns null when the request may not proceed (including the rate limit).
 */
export function requireUserToken(
  ctx: YelpSimContext,
  request: FastifyRequest,
  reply: FastifyReply,
): AccessTokenOwner | null {
  const token = bearerToken(request)
  const owner = token ? ctx.tokens.authenticate(token) : null
  if (!owner) {
    sendYelpError(reply, 401, 'TOKEN_INVALID', 'Invalid access token or authorization header.')
    return null
  }
  return withinRateLimit(ctx, request, reply, owner.clientId) ? owner : null
}

/**
 * Business subscriptions take the Places API key as a bearer (docs/providers/yelp.md §3). A user access token
 * is refused with TOKEN_INVALID (docs/providers/simulators.md "Yelp fake"), anything else with
 * UNAUTHORIZED_API_KEY.
 */
export function requireApiKey(
  ctx: YelpSimContext,
  request: FastifyRequest,
  reply: FastifyReply,
): string | null {
  const token = bearerToken(request)
  if (token && ctx.tokens.isAccessToken(token)) {
    sendYelpError(reply, 401, 'TOKEN_INVALID', 'This endpoint takes an API key, not an OAuth access token.')
    return null
  }
  if (!token || !ctx.options.apiKeys.includes(token)) {
    sendYelpError(
      reply,
      401,
      'UNAUTHORIZED_API_KEY',
      'The API key provided is not currently able to query this API.',
    )
    return null
  }
  // The API key belongs to the same partner client as the OAuth client id.
  return withinRateLimit(ctx, request, reply, ctx.options.clientId) ? token : null
}

function withinRateLimit(
  ctx: YelpSimContext,
  request: FastifyRequest,
  reply: FastifyReply,
  clientId: string,
) {
  const endpoint = `${request.method} ${request.routeOptions.url ?? request.url}`
  if (ctx.limiter.allow(`${clientId} ${endpoint}`, ctx.server.clock.now())) return true
  // docs/providers/yelp.md §1: 429, no rate-limit headers documented. The code is Yelp Fusion's per-second one.
  sendYelpError(
    reply,
    429,
    'TOO_MANY_REQUESTS_PER_SECOND',
    'You have exceeded the queries-per-second limit for this endpoint. Try reducing the rate at which you make queries.',
  )
  return false
}

/** A string field of a parsed query or form body, or undefined. */
export function stringField(source: unknown, name: string): string | undefined {
  if (!source || typeof source !== 'object' || !(name in source)) return undefined
  const value: unknown = Reflect.get(source, name)
  return typeof value === 'string' ? value : undefined
}
