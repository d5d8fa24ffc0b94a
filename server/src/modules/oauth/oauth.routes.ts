import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { readSessionToken } from '../../http/session-cookie.ts'
import { AppError } from '../../lib/errors.ts'
import type { AuthService } from '../auth/auth.service.ts'
import type { CallbackQuery, OAuthService } from './oauth.service.ts'
import type { OAuthProvider } from './oauth-state.ts'
import { resultPage } from './result-page.ts'

const startQuery = z.object({
  clientId: z.string().trim().max(64).optional(),
  autoSync: z.enum(['true', 'false']).optional(),
  token: z.string().max(200).optional(),
})
const callbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
})

interface Deps {
  auth: AuthService
  oauth: OAuthService
}

/**
 * OAuth start links and callbacks (docs/spec/product.md §4). They are opened in a browser tab, so they
 * answer with redirects and pages rather than JSON. A start link needs a signed-in operator
 * allowed to manage integrations, or the client's onboarding token.
 */
export function registerOAuthRoutes(app: FastifyInstance, deps: Deps): void {
  for (const provider of ['yelp', 'ghl'] as const) {
    app.get(`/api/${provider}-auth-url`, { config: { access: 'public' } }, async (request, reply) =>
      start(provider, request, reply, deps),
    )
  }
  app.get(deps.oauth.callbackPath('yelp'), { config: { access: 'public' } }, async (request, reply) => {
    const outcome = await deps.oauth.completeYelp(parseCallback(request))
    return sendPage(reply, outcome.status, outcome)
  })
  app.get(deps.oauth.callbackPath('ghl'), { config: { access: 'public' } }, async (request, reply) => {
    const outcome = await deps.oauth.completeGhl(parseCallback(request))
    return sendPage(reply, outcome.status, outcome)
  })
}

async function start(provider: OAuthProvider, request: FastifyRequest, reply: FastifyReply, deps: Deps) {
  const name = deps.oauth.displayName(provider)
  const parsed = startQuery.safeParse(request.query)
  const clientId = parsed.success ? parsed.data.clientId : undefined
  if (!parsed.success || !clientId) {
    return sendPage(reply, 400, {
      ok: false,
      title: `Cannot connect ${name}`,
      message: 'Client ID is missing. Please refresh the page and try again.',
    })
  }
  const via = await startedBy(request, clientId, parsed.data.token, deps)
  if (!via) {
    return sendPage(reply, 403, {
      ok: false,
      title: `Cannot connect ${name}`,
      message:
        'Sign in to the dashboard with a role that manages integrations, or use the client’s onboarding link.',
    })
  }
  try {
    const url = await deps.oauth.startUrl(provider, clientId, {
      autoSync: parsed.data.autoSync === 'true',
      via,
    })
    return reply.redirect(url, 302)
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    return sendPage(reply, error.statusCode, {
      ok: false,
      title: `Cannot connect ${name}`,
      message: error.message,
    })
  }
}

async function startedBy(
  request: FastifyRequest,
  clientId: string,
  token: string | undefined,
  deps: Deps,
): Promise<'dashboard' | 'onboarding' | null> {
  if (token) return deps.oauth.startedByOnboardingLink(clientId, token)
  const session = await deps.auth.authenticate(readSessionToken(request))
  return session ? deps.oauth.startedByOperator(session, clientId) : null
}

function parseCallback(request: FastifyRequest): CallbackQuery {
  const parsed = callbackQuery.safeParse(request.query)
  return parsed.success
    ? parsed.data
    : { error: 'invalid_request', error_description: 'malformed callback parameters' }
}

function sendPage(reply: FastifyReply, status: number, page: Parameters<typeof resultPage>[0]) {
  return reply.code(status).type('text/html; charset=utf-8').send(resultPage(page))
}
