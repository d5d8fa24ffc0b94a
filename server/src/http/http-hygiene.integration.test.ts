import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SessionClient } from '../testing/session-client.ts'
import { startTestServer, type TestServer } from '../testing/test-server.ts'
import { trackRouteAccess } from './access.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

describe('HTTP hygiene', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const response = await new SessionClient(server.url).get('/api/no-such-thing?x=1')
    expect(response.status).toBe(404)
    expect(response.body).toEqual({ error: 'Not found: GET /api/no-such-thing' })
  })

  it('sends security headers and a CSP without inline scripts', async () => {
    const response = await new SessionClient(server.url).get('/api/health')
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('refuses a mutating call from another origin, and accepts one from this origin', async () => {
    const c = new SessionClient(server.url)
    const body = { username: 'admin', password: server.adminPassword }
    const foreign = await c.request('POST', '/api/auth/login', {
      json: body,
      headers: { origin: 'https://evil.example' },
    })
    expect(foreign.status).toBe(403)
    expect(foreign.body).toEqual({ error: 'Origin: cross-origin requests are refused' })
    const own = await c.request('POST', '/api/auth/login', { json: body, headers: { origin: server.url } })
    expect(own.status).toBe(200)
  })

  it('reports health with database reachability and unconfigured providers', async () => {
    const response = await new SessionClient(server.url).get('/api/health')
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      status: 'ok',
      database: { reachable: true, kind: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' },
      providers: { yelp: 'not configured', ghl: 'not configured' },
    })
  })
})

describe('route access', () => {
  it('every /api route the server registers declares its access', () => {
    const apiRoutes = server.server.routes.filter((route) => route.url.startsWith('/api'))
    expect(apiRoutes.length).toBeGreaterThan(3)
    for (const route of apiRoutes) expect(route.access, `${route.method} ${route.url}`).toBeTruthy()
  })

  it('refuses to register an /api route without a declared access', async () => {
    const app = Fastify()
    trackRouteAccess(app, [])
    expect(() => app.get('/api/unguarded', async () => ({}))).toThrow(/must declare config.access/)
    await app.close()
  })

  it('refuses signed-in-only routes without a session', async () => {
    const signedIn = server.server.routes.filter((r) => r.url.startsWith('/api') && r.access !== 'public')
    for (const route of signedIn) {
      const url = route.url.replace(/:[A-Za-z]+/g, 'x')
      const response = await new SessionClient(server.url).request(route.method, url)
      expect(response.status, `${route.method} ${url}`).toBe(401)
    }
  })
})
