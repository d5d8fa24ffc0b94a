import fastifyRateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { TooManyRequestsError } from '../lib/errors.ts'
import { loggableBody } from './logged-body.ts'

/**
 * Limits of the public endpoints (docs/decisions/0016 §4; README "Security" states them). Counted per source
 * address (`request.ip`: the peer, or the X-Forwarded-For client when TRUST_PROXY is set) in
 * this process's memory. They sit far above what Yelp and GHL send: Yelp delivers from a few
 * addresses for every business of the app and in bursts, so its allowance is per business on
 * top of a wide per-address ceiling.
 */
export const RATE_LIMITS = {
  yelpWebhookPerAddress: { max: 3000, timeWindow: 60_000 },
  yelpWebhookPerBusiness: { max: 600, timeWindow: 60_000 },
  ghlReplyPerAddress: { max: 1200, timeWindow: 60_000 },
  loginPerAddress: { max: 60, timeWindow: 60_000 },
  /** docs/spec/product.md §6.1: more than 10 failed sign-ins a minute for one username and address. */
  loginFailures: { max: 10, timeWindow: 60_000 },
  /** docs/spec/product.md §9.7: alert channel test sends per signed-in user. */
  alertTestsPerUser: { max: 10, timeWindow: 60_000 },
  /** docs/spec/product.md §9.6: each AI draft is a paid model call a person asked for; per user. */
  aiDraftsPerUser: { max: 10, timeWindow: 60_000 },
} as const

const LOGGED_BODY_CHARS = 500

declare module 'fastify' {
  interface FastifyInstance {
    /** The `rateLimiting` setting (docs/spec/dashboard-spec.md §9), for limiters that keep counting while it is off. */
    rateLimitingEnabled: () => Promise<boolean>
  }
}

/** Registers the plugin; nothing is limited until a route asks (config.rateLimit or a limiter). */
export async function installRateLimits(
  app: FastifyInstance,
  isEnabled: () => Promise<boolean>,
): Promise<void> {
  app.decorate('rateLimitingEnabled', isEnabled)
  await app.register(fastifyRateLimit, {
    global: false,
    // The `rateLimiting` setting off lets every request through.
    allowList: async () => !(await isEnabled()),
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (request, context) => {
      logRefusal(request, `more than ${context.max} requests in ${context.after}`)
      return new TooManyRequestsError(
        `Too many requests from your address. Try again in ${context.after}.`,
        Math.ceil(context.ttl / 1000),
      )
    },
  })
}

/** Route options for a per-address limit, checked once the body is parsed (so it can be logged). */
export function perAddress(limit: { max: number; timeWindow: number }) {
  return { ...limit, hook: 'preHandler' as const }
}

/**
 * Route options for a per-user limit (`what`: the things counted, e.g. "AI drafts"), checked after
 * the guard has read the session, so one user's clicks never use up another's allowance.
 */
export function perUser(limit: { max: number; timeWindow: number }, what: string) {
  return {
    ...limit,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `user|${request.session?.user.id ?? request.ip}`,
    errorResponseBuilder: (request: FastifyRequest, context: { max: number; after: string; ttl: number }) => {
      logRefusal(request, `more than ${context.max} ${what} in ${context.after} for one user`)
      return new TooManyRequestsError(
        `Too many ${what}: at most ${context.max} a minute per user. Try again in ${context.after}.`,
        Math.ceil(context.ttl / 1000),
      )
    },
  }
}

/**
 * Yelp's per-business allowance: a second counter on top of the route's per-address one, keyed
 * by address and business, so one business's burst never uses up the others'.
 */
export function yelpBusinessLimiter(app: FastifyInstance) {
  const limiter = app.createRateLimit({
    ...RATE_LIMITS.yelpWebhookPerBusiness,
    keyGenerator: (request) => `${request.ip}|yelp|${businessIdOf(request.body)}`,
  })
  return async (request: FastifyRequest): Promise<void> => {
    const state = await limiter(request)
    if (!state.isAllowed && state.isExceeded) {
      logRefusal(request, `more than ${state.max} deliveries a minute for one business`)
      throw new TooManyRequestsError(
        'Too many deliveries for this business. Try again in a minute.',
        state.ttlInSeconds,
      )
    }
  }
}

/**
 * Failed sign-ins per (username, address): only failures count, so one attacker cannot lock a
 * user out of other addresses, and signing in from a fresh address always works.
 */
export function loginFailureLimiter(app: FastifyInstance) {
  const limiter = app.createRateLimit({
    ...RATE_LIMITS.loginFailures,
    keyGenerator: (request) => `${request.ip}|login|${usernameOf(request.body)}`,
    // Failures count while the setting is off too: switching it on stops a guesser at once.
    allowList: () => false,
  })
  return {
    async check(request: FastifyRequest): Promise<void> {
      if (!(await app.rateLimitingEnabled())) return
      const state = await limiter(request, { increment: false })
      if (!state.isAllowed && state.remaining === 0) {
        logRefusal(request, 'too many failed sign-ins')
        throw new TooManyRequestsError('Too many failed sign-in attempts. Try again in a minute.', 60)
      }
    },
    async recordFailure(request: FastifyRequest): Promise<void> {
      await limiter(request)
    },
  }
}

/** A refused request, logged with its body cut short and scrubbed (http/logged-body.ts). */
function logRefusal(request: FastifyRequest, reason: string): void {
  request.log.warn(
    { url: request.url.split('?')[0], ip: request.ip, body: loggableBody(request, LOGGED_BODY_CHARS) },
    `rate limited: ${reason}`,
  )
}

function businessIdOf(body: unknown): string {
  const data = (body as { data?: { id?: unknown } } | null)?.data
  return typeof data?.id === 'string' ? data.id.slice(0, 200) : ''
}

function usernameOf(body: unknown): string {
  const username = (body as { username?: unknown } | null)?.username
  return typeof username === 'string' ? username.slice(0, 200) : ''
}
