import type { FastifyInstance, FastifyRequest } from 'fastify'

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Mutating `/api` calls must carry JSON (or nothing) and, when the browser sends an Origin,
 * come from this site. Together with SameSite=Lax cookies this closes cross-site request
 * forgery: a foreign page can neither send JSON without a preflight nor pass the origin check.
 */
export function installRequestPolicy(app: FastifyInstance, baseUrl: string): void {
  const configuredOrigin = new URL(baseUrl).origin
  app.addHook('onRequest', async (request, reply) => {
    if (!MUTATING.has(request.method) || !isApiRequest(request)) return
    const origin = request.headers.origin
    if (origin && origin !== configuredOrigin && !isSameHost(origin, request.headers.host)) {
      return reply.code(403).send({ error: 'Origin: cross-origin requests are refused' })
    }
    const hasBody =
      Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined
    const contentType = request.headers['content-type'] ?? ''
    if (hasBody && !/^application\/json\b/i.test(contentType)) {
      return reply.code(400).send({ error: 'body: must be JSON (Content-Type: application/json)' })
    }
  })
}

/**
 * Whether the API answers this request. The router matches the percent-decoded path
 * (`/%61pi/backup` is `/api/backup`), so the route it matched decides, never the raw URL's
 * spelling; a request no route matched is judged by its decoded path.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url
  if (route !== undefined) return route.startsWith('/api/')
  const path = request.url.split('?')[0] ?? ''
  try {
    return decodeURIComponent(path).startsWith('/api/')
  } catch {
    return path.startsWith('/api/')
  }
}

function isSameHost(origin: string, host: string | undefined): boolean {
  try {
    return host !== undefined && new URL(origin).host === host
  } catch {
    return false
  }
}
