import type { FastifyReply, FastifyRequest } from 'fastify'
import { stringField } from './yelp-auth.guard.ts'
import { sendTokenError } from './yelp-errors.ts'
import type { YelpSimContext } from './yelp-sim.context.ts'

/**
 * docs/providers/yelp.md §4 OAuth: the browser authorize page (biz.yelp.com, `YELP_AUTH_BASE`) and the token
 * endpoints v2 and v3 plus revoke (api.yelp.com, `YELP_API_BASE`). One server answers both hosts.
 */
export function registerYelpOAuthRoutes(ctx: YelpSimContext): void {
  const { app } = ctx.server

  app.get('/oauth2/authorize', async (request, reply) => {
    const q = request.query
    const clientId = stringField(q, 'client_id')
    const redirectUri = stringField(q, 'redirect_uri')
    // Errors about the client or redirect URI are shown on the page, never redirected (RFC 6749 §4.1.2.1).
    if (clientId !== ctx.options.clientId) return page(reply, 400, `Unknown client_id "${clientId ?? ''}".`)
    if (!redirectUri || !isAbsoluteUrl(redirectUri))
      return page(reply, 400, 'redirect_uri must be an absolute URL.')
    if (ctx.options.redirectUris.length > 0 && !ctx.options.redirectUris.includes(redirectUri)) {
      return page(reply, 400, `redirect_uri ${redirectUri} is not registered for this client.`)
    }
    const state = stringField(q, 'state')
    const back = (params: Record<string, string>) =>
      reply.redirect(withParams(redirectUri, { ...params, state }), 302)
    if (stringField(q, 'response_type') !== 'code') return back({ error: 'unsupported_response_type' })
    const scope = stringField(q, 'scope') ?? ''
    // The hub asks for `leads` (docs/providers/yelp.md §4); without it the grant would be useless for the Leads API.
    if (!scope.split(/[\s,]+/).includes('leads')) return back({ error: 'invalid_scope' })
    if (ctx.settings.denyAuthorization) return back({ error: 'access_denied' })
    const userId = ctx.settings.authorizeAsUserId ?? ctx.store.users.keys().next().value
    if (!userId || !ctx.store.users.has(userId)) {
      return page(reply, 400, 'No Yelp user is signed in: seed one with POST /__sim/yelp/users.')
    }
    const code = ctx.tokens.issueCode({ clientId, userId, redirectUri, scope })
    return back({ code })
  })

  app.post('/oauth2/token', async (request, reply) => token(ctx, request, reply, 'v2'))
  app.post('/oauth2/token/v3', async (request, reply) => token(ctx, request, reply, 'v3'))

  // RFC 7009 style: unknown tokens are not an error. Body fields are not documented (medium).
  app.post('/oauth2/revoke', async (request, reply) => {
    const body = request.body
    const client = authenticateClient(ctx, body, reply)
    if (!client) return reply
    const tokenValue = stringField(body, 'token')
    if (!tokenValue) return sendTokenError(reply, 400, 'INVALID_REQUEST', 'token is required.')
    ctx.tokens.revoke(tokenValue, client)
    return reply.code(200).send({})
  })
}

async function token(
  ctx: YelpSimContext,
  request: FastifyRequest,
  reply: FastifyReply,
  version: 'v2' | 'v3',
) {
  // docs/providers/yelp.md §4: the token endpoints take form-encoded bodies.
  if (!String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
    return sendTokenError(
      reply,
      400,
      'INVALID_REQUEST',
      'Send the parameters as application/x-www-form-urlencoded.',
    )
  }
  const body = request.body
  const clientId = authenticateClient(ctx, body, reply)
  if (!clientId) return reply
  const grantType = stringField(body, 'grant_type')
  if (grantType === 'authorization_code') {
    const code = stringField(body, 'code')
    const redirectUri = stringField(body, 'redirect_uri')
    if (!code || !redirectUri) {
      return sendTokenError(reply, 400, 'INVALID_REQUEST', 'code and redirect_uri are required.')
    }
    return answer(reply, ctx.tokens.exchangeCode({ code, clientId, redirectUri }))
  }
  if (grantType === 'refresh_token') {
    const refreshToken = stringField(body, 'refresh_token')
    if (!refreshToken) return sendTokenError(reply, 400, 'INVALID_REQUEST', 'refresh_token is required.')
    return answer(reply, ctx.tokens.refresh({ refreshToken, clientId, version }))
  }
  if (!grantType) return sendTokenError(reply, 400, 'INVALID_REQUEST', 'grant_type is required.')
  return sendTokenError(reply, 400, 'UNSUPPORTED_GRANT_TYPE', `grant_type ${grantType} is not supported.`)
}

/** Checks client_id/client_secret (docs/providers/yelp.md §4 error ids CLIENT_NOT_FOUND 404, INVALID_CLIENT 401). */
function authenticateClient(ctx: YelpSimContext, body: unknown, reply: FastifyReply): string | null {
  const clientId = stringField(body, 'client_id')
  const secret = stringField(body, 'client_secret')
  if (!clientId || !secret) {
    sendTokenError(reply, 400, 'INVALID_REQUEST', 'client_id and client_secret are required.')
    return null
  }
  if (clientId !== ctx.options.clientId) {
    sendTokenError(reply, 404, 'CLIENT_NOT_FOUND', `Client ${clientId} was not found.`)
    return null
  }
  if (secret !== ctx.options.clientSecret) {
    sendTokenError(reply, 401, 'INVALID_CLIENT', 'The client secret is invalid.')
    return null
  }
  return clientId
}

function answer(reply: FastifyReply, result: ReturnType<YelpSimContext['tokens']['refresh']>) {
  if (!result.ok) return sendTokenError(reply, result.status, result.id, result.description)
  return reply.code(200).send(result.tokens)
}

function page(reply: FastifyReply, status: number, message: string) {
  const safe = message.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`)
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(`<!doctype html><title>Yelp for Business (simulator)</title><p>${safe}</p>`)
}

function withParams(url: string, params: Record<string, string | undefined>): string {
  const target = new URL(url)
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) target.searchParams.set(key, value)
  return target.toString()
}

function isAbsoluteUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}
