import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SimClock } from '../core/sim-clock.ts'
import {
  badRequest,
  GhlError,
  INVALID_TOKEN_MESSAGE,
  noLocationAccess,
  tooManyRequests,
  unauthorized,
} from './ghl-errors.ts'
import { traceId } from './ghl-ids.ts'
import type { GhlSigningKeys } from './ghl-keys.ts'
import type { GhlSimConfig } from './ghl-sim.options.ts'
import type { GhlStore, UserType } from './ghl-store.ts'
import type { GhlWebhookEmitter } from './ghl-webhook.emitter.ts'

/** What every GHL route needs: the world, the settings, the clock, the keys and the webhook sender. */
export interface GhlContext {
  store: GhlStore
  config: GhlSimConfig
  clock: SimClock
  keys: GhlSigningKeys
  webhooks: GhlWebhookEmitter
}

/** docs/providers/ghl.md intro: contacts, locations/custom fields, OAuth locationToken → 2021-07-28; conversations → 2021-04-15. */
export const VERSION_CONTACTS = '2021-07-28'
export const VERSION_CONVERSATIONS = '2021-04-15'

export interface RouteSpec {
  version: typeof VERSION_CONTACTS | typeof VERSION_CONVERSATIONS
  scope: string
  /** Sub-account endpoints take location tokens and PITs; agency endpoints take Company tokens. */
  authClass?: UserType
}

/** Who is calling: an OAuth token of the app, or a sub-account Private Integration Token (docs/providers/ghl.md §6). */
export interface Caller {
  kind: 'oauth' | 'pit'
  userType: UserType
  locationId: string | null
  companyId: string
  userId: string | null
  scopes: string[]
}

export interface RouteInput {
  caller: Caller
  body: unknown
  query: unknown
  params: Record<string, string>
}

/** `body: undefined` sends an empty body (docs/providers/ghl.md §9 issue #70's "201 with no body"). */
export interface RouteOutput {
  status: number
  body?: Record<string, unknown>
}

export const SCOPE_MESSAGE = 'The token is not authorized for this scope.'
/** GHL's answer when an agency token calls a sub-account endpoint (or the reverse). */
export const AUTH_CLASS_MESSAGE =
  'This authClass type is not allowed to access this scope. Please reach out to the Platform team to get it added.'
/**
 * docs/providers/ghl.md §5 recommends refreshing on the "token expired" 401; the exact text is not published.
 * GHL answers expired JWTs with "Invalid JWT" in community reports, in the 401 shape of common-schemas.
 */
export const EXPIRED_TOKEN_MESSAGE = 'Invalid JWT'

/**
 * Wraps a GHL handler with what the real gateway does before it, in this order: bearer token
 * (401), per-location rate limit with the five `X-RateLimit-*` headers (429), `Version` header
 * (400), auth class and scope (401). Errors thrown as GhlError become their status and body;
 * successful object bodies gain the `traceId` every GHL response carries.
 */
export function ghlRoute(
  ctx: GhlContext,
  spec: RouteSpec,
  handler: (input: RouteInput) => RouteOutput | Promise<RouteOutput>,
) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    try {
      const caller = authenticate(ctx, request.headers.authorization)
      applyRateLimit(ctx, caller, reply)
      checkVersion(request.headers.version, spec.version)
      if (caller.userType !== (spec.authClass ?? 'Location')) throw unauthorized(AUTH_CLASS_MESSAGE)
      if (!caller.scopes.includes(spec.scope)) throw unauthorized(SCOPE_MESSAGE)
      const output = await handler({
        caller,
        body: request.body,
        query: request.query,
        params: request.params as Record<string, string>,
      })
      return sendOutput(
        reply,
        output.status,
        output.body === undefined ? undefined : { ...output.body, traceId: traceId() },
      )
    } catch (error) {
      if (error instanceof GhlError) return sendOutput(reply, error.status, error.body ?? undefined)
      throw error
    }
  }
}

export function sendOutput(reply: FastifyReply, status: number, body: Record<string, unknown> | undefined) {
  reply.code(status)
  if (body === undefined) return reply.send()
  return reply.send(body)
}

/** The sub-account a location-scoped call is about must be the caller's own. */
export function requireLocation(caller: Caller, locationId: string): void {
  if (caller.locationId !== locationId) throw noLocationAccess()
}

export function authenticate(ctx: GhlContext, header: string | undefined): Caller {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '')
  const token = match?.[1]
  if (!token) throw unauthorized(INVALID_TOKEN_MESSAGE)
  const access = ctx.store.accessTokens.get(token)
  if (access) {
    if (access.expiresAt <= ctx.clock.now()) throw unauthorized(EXPIRED_TOKEN_MESSAGE)
    return { kind: 'oauth', ...pickGrant(access) }
  }
  const pit = ctx.store.apiKeys.get(token)
  if (pit) {
    // docs/providers/ghl.md §6: a PIT never expires and is used exactly like a sub-account OAuth token.
    return {
      kind: 'pit',
      userType: 'Location',
      locationId: pit.locationId,
      companyId: pit.companyId,
      userId: null,
      scopes: pit.scopes,
    }
  }
  throw unauthorized(INVALID_TOKEN_MESSAGE)
}

function pickGrant(grant: Omit<Caller, 'kind'>): Omit<Caller, 'kind'> {
  const { userType, locationId, companyId, userId, scopes } = grant
  return { userType, locationId, companyId, userId, scopes }
}

function checkVersion(header: string | string[] | undefined, expected: string): void {
  const value = Array.isArray(header) ? header[0] : header
  // docs/providers/ghl.md intro: the Version header is required, and the wrong one 400s (medium); texts are ours.
  if (!value) throw badRequest('Version header was not found')
  if (value !== expected) throw badRequest('Version header is invalid')
}

/**
 * docs/providers/ghl.md §10: 100 requests / 10 s and 200,000 / day per Marketplace app per resource (location or
 * company); every answer carries the five headers. PIT limits are undocumented: PITs get their
 * own bucket with the same limits.
 */
function applyRateLimit(ctx: GhlContext, caller: Caller, reply: FastifyReply): void {
  const { max, intervalMs, daily, dayMs } = ctx.config.rateLimit
  const key = `${caller.kind === 'pit' ? 'pit' : ctx.config.clientId}:${caller.locationId ?? caller.companyId}`
  const now = ctx.clock.now()
  let window = ctx.store.rateWindows.get(key)
  if (!window) {
    window = { windowStart: now, count: 0, dayStart: now, dayCount: 0 }
    ctx.store.rateWindows.set(key, window)
  }
  if (now - window.windowStart >= intervalMs) {
    window.windowStart = now
    window.count = 0
  }
  if (now - window.dayStart >= dayMs) {
    window.dayStart = now
    window.dayCount = 0
  }
  const allowed = window.count < max && window.dayCount < daily
  if (allowed) {
    window.count += 1
    window.dayCount += 1
  }
  reply.headers({
    'X-RateLimit-Limit-Daily': String(daily),
    'X-RateLimit-Daily-Remaining': String(daily - window.dayCount),
    'X-RateLimit-Interval-Milliseconds': String(intervalMs),
    'X-RateLimit-Max': String(max),
    'X-RateLimit-Remaining': String(max - window.count),
  })
  if (!allowed && window.dayCount >= daily) {
    // GHL documents no reset header for the daily cap (docs/providers/ghl.md §10); the simulator
    // says when its day ends with the standard Retry-After, so the hub's use of it is testable.
    reply.header('Retry-After', String(Math.max(1, Math.ceil((window.dayStart + dayMs - now) / 1000))))
  }
  if (!allowed) throw tooManyRequests()
}
