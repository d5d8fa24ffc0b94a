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
        const permissions = DEFAULT_ROLE_PERMISSIONS[role]
        const allowed =
          access === 'signedIn' ||
          (typeof access === 'object'
            ? access.allows({ role, permissions })
            : access !== undefined && access !== 'public' && permissions[access])
        const response = await clients
          .get(role)!
          .request(route.method, path, route.method === 'GET' ? {} : { json: {} })
        const refused = response.status === 403 || response.status === 401
        if (allowed === refused) {
          failures.push(
            `${role} ${route.method} ${route.url} (${typeof access === 'object' ? access.name : access}) → ${response.status} ${response.text}`,
          )
        }
      }
    }
    expect(failures).toEqual([])
  })
})

// docs/decisions/0016 §1: holding a user-management flag never lets a role reach above itself. Each case
// runs as the named role (the matrix users above) against users of other roles.
describe('role escalation', () => {
  const targets = new Map<Role, number>()

  beforeAll(async () => {
    const admin = clients.get('admin')!
    for (const role of ROLES) {
      const created = await admin.post('/api/users', {
        username: `target-${role}`,
        password: 'target-pass',
        role,
        email: `target-${role}@example.com`,
      })
      expect(created.status).toBe(201)
      targets.set(role, (created.body as { id: number }).id)
    }
    // Operators and managers get every user flag, so only the role ranking can refuse them.
    for (const role of ['manager', 'operator'] as const) {
      const granted = await admin.request('PUT', `/api/permissions/roles/${role}`, {
        json: {
          permissions: {
            canCreateUsers: true,
            canEditUsers: true,
            canDeleteUsers: true,
            canAssignClients: true,
          },
        },
      })
      expect(granted.status).toBe(200)
    }
  })
  afterAll(async () => {
    const admin = clients.get('admin')!
    for (const role of ['manager', 'operator'] as const) {
      await admin.request('PUT', `/api/permissions/roles/${role}`, {
        json: { permissions: DEFAULT_ROLE_PERMISSIONS[role] },
      })
    }
  })

  async function ownId(role: Role): Promise<number> {
    const me = await clients.get(role)!.get('/api/auth/me')
    return (me.body as { user: { id: number } }).user.id
  }

  it('refuses a manager raising its own role to admin, and leaves the role as it was', async () => {
    const manager = clients.get('manager')!
    const id = await ownId('manager')
    const response = await manager.request('PUT', `/api/users/${id}`, { json: { role: 'admin' } })
    expect(response.status).toBe(403)
    expect(response.body).toEqual({ error: 'Your role (manager) cannot grant the admin role' })
    expect((await manager.get('/api/auth/me')).body).toMatchObject({ user: { role: 'manager' } })
  })

  it.each([
    ['manager', 'PUT', 'admin', { password: 'taken-over-1' }, 403],
    ['manager', 'PUT', 'admin', { firstName: 'Mallory' }, 403],
    ['manager', 'DELETE', 'admin', undefined, 403],
    // An operator sees only the users of its own clients (docs/decisions/0022): the others are
    // "not found" to it before their rank is compared, and nothing changes either way.
    ['operator', 'PUT', 'manager', { password: 'taken-over-1' }, 404],
    ['operator', 'DELETE', 'manager', undefined, 404],
    ['operator', 'PUT', 'viewer', { role: 'manager' }, 404],
    ['manager', 'PUT', 'viewer', { role: 'admin' }, 403],
    ['manager', 'PUT', 'viewer', { role: 'manager' }, 200],
    ['manager', 'PUT', 'operator', { firstName: 'Olive' }, 200],
  ] as const)('%s %s on a %s user with %j → %i', async (actor, method, target, json, status) => {
    const before = (await clients.get('admin')!.get('/api/users')).body as Array<{ id: number }>
    const targetId = targets.get(target)!
    const response = await clients
      .get(actor)!
      .request(method, `/api/users/${targetId}`, json === undefined ? {} : { json })
    expect(response.status, response.text).toBe(status)
    if (status !== 200) {
      // Nothing changed: the target still signs in with its password and keeps its row.
      const after = (await clients.get('admin')!.get('/api/users')).body as Array<{ id: number }>
      expect(after).toEqual(before)
      await new SessionClient(server.url).login(`target-${target}`, 'target-pass')
    }
  })

  it('refuses creating a user above the creator', async () => {
    const response = await clients.get('manager')!.post('/api/users', {
      username: 'sneaky-admin',
      password: 'sneaky-pass',
      role: 'admin',
    })
    expect(response.status).toBe(403)
    expect(response.body).toEqual({ error: 'Your role (manager) cannot grant the admin role' })
    const users = (await clients.get('admin')!.get('/api/users')).body as Array<{ username: string }>
    expect(users.some((u) => u.username === 'sneaky-admin')).toBe(false)
  })

  it('lets only an admin edit role permissions, even when another role holds the flag', async () => {
    const admin = clients.get('admin')!
    await admin.request('PUT', '/api/permissions/roles/manager', {
      json: { permissions: { canEditPermissions: true, canManageRoles: true } },
    })
    try {
      const response = await clients.get('manager')!.request('PUT', '/api/permissions/roles/manager', {
        json: { permissions: { canManageSettings: true } },
      })
      expect(response.status).toBe(403)
      expect(response.body).toEqual({ error: 'Only an admin can change role permissions' })
      const roles = (await admin.get('/api/permissions/roles')).body as Record<Role, Record<string, boolean>>
      expect(roles.manager?.canManageSettings).toBe(false)
    } finally {
      await admin.request('PUT', '/api/permissions/roles/manager', {
        json: { permissions: { canEditPermissions: false, canManageRoles: false } },
      })
    }
  })
})
