import { DEFAULT_ROLE_PERMISSIONS, ROLES, type Role } from '@common/permissions.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SessionClient } from '../testing/session-client.ts'
import { startTestServer, type TestServer } from '../testing/test-server.ts'

// Every route the server registers × every role: allowed exactly when the role's default flags
// include the route's declared access. A route added later is covered without touching this file.
let server: TestServer
const clients = new Map<Role, SessionClient>()

beforeAll(async () => {
  server = await startTestServer()
  const admin = new SessionClient(server.url)
  await admin.login(server.adminUsername, server.adminPassword)
  clients.set('admin', admin)
  for (const role of ROLES.filter((r) => r !== 'admin')) {
    const created = await admin.post('/api/users', {
      username: `matrix-${role}`,
      password: 'matrix-pass',
      role,
    })
    expect(created.status).toBe(201)
    const c = new SessionClient(server.url)
    await c.login(`matrix-${role}`, 'matrix-pass')
    clients.set(role, c)
  }
})
afterAll(() => server?.close())

// Harmless stand-ins for path parameters: nothing they name exists, so allowed calls end in a
// 4xx from the handler instead of changing data.
function concretePath(url: string): string {
  return url.replace(/:([A-Za-z]+)/g, (_m, name: string) =>
    /id$/i.test(name) && !/clientId/i.test(name) ? '999999' : 'no-such-thing',
  )
}

describe('route × role matrix', () => {
  it('guards every /api route: 401 without a session, 403 exactly where the role lacks the flag', {
    timeout: 180_000,
  }, async () => {
    const routes = server.server.routes.filter((r) => r.url.startsWith('/api'))
    const guarded = routes.filter((r) => r.access !== 'public')
    expect(guarded.length).toBeGreaterThan(5)
    const failures: string[] = []
    for (const route of guarded) {
      const path = concretePath(route.url)
      const anonymous = await new SessionClient(server.url).request(
        route.method,
        path,
        route.method === 'GET' ? {} : { json: {} },
      )
      if (anonymous.status !== 401)
        failures.push(`anonymous ${route.method} ${route.url} → ${anonymous.status}`)
      // Signing out would end the shared session; it has its own tests.
      if (route.url === '/api/auth/logout') continue
      for (const role of ROLES) {
        const access = route.access
        const allowed =
          access === 'signedIn' ||
          (access !== undefined && access !== 'public' && DEFAULT_ROLE_PERMISSIONS[role][access])
        const response = await clients
          .get(role)!
          .request(route.method, path, route.method === 'GET' ? {} : { json: {} })
        const refused = response.status === 403 || response.status === 401
        if (allowed === refused) {
          failures.push(
            `${role} ${route.method} ${route.url} (${access}) → ${response.status} ${response.text}`,
          )
        }
      }
    }
    expect(failures).toEqual([])
  })
})
