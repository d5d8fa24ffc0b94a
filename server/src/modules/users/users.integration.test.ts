import { PERMISSION_FLAGS, ROLES } from '@common/permissions.ts'
import type { AuditEntry, ListedUser } from '@common/users.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clients } from '../../db/schema.ts'
import { SessionClient } from '../../testing/session-client.ts'
import { startTestServer, type TestServer } from '../../testing/test-server.ts'

let server: TestServer
let admin: SessionClient

beforeAll(async () => {
  server = await startTestServer()
  admin = new SessionClient(server.url)
  await admin.login(server.adminUsername, server.adminPassword)
  // Clients arrive with their own API; rows are enough to assign users to.
  await server.server.database.db.insert(clients).values([
    { clientId: 'acme', name: 'Acme Plumbing' },
    { clientId: 'bravo', name: 'Bravo Roofing' },
  ])
})
afterAll(() => server?.close())

async function createUser(fields: Record<string, unknown>) {
  const response = await admin.post('/api/users', { password: 'secret-123', role: 'viewer', ...fields })
  expect(response.status, response.text).toBe(201)
  return response.body as { id: number; username: string }
}

async function listUsers(): Promise<ListedUser[]> {
  return (await admin.get('/api/users')).body as ListedUser[]
}

describe('users API', () => {
  it('lists users without any password or hash', async () => {
    const response = await admin.get('/api/users')
    expect(response.status).toBe(200)
    expect(response.text).not.toMatch(/password|argon2/i)
    expect((response.body as ListedUser[]).map((u) => u.username)).toContain('admin')
  })

  it.each([
    [{ username: 'ab', password: 'secret-123' }, 'username: Username must be at least 3 characters'],
    [{ username: 'carla', password: 'short' }, 'password: Password must be at least 6 characters'],
    [{ username: 'carla' }, 'password: Password must be at least 6 characters'],
    [{ username: 'carla', password: 'secret-123', email: 'not-an-email' }, 'email: Invalid email address'],
    [
      { username: 'carla', password: 'secret-123', role: 'owner' },
      'role: Role must be one of admin, manager, operator, viewer',
    ],
    [
      { username: 'carla', password: 'secret-123', isActive: 'yes' },
      'isActive: isActive must be true or false',
    ],
    [{ username: 12345, password: 'secret-123' }, 'username: Username must be at least 3 characters'],
  ])('refuses %j with 400 "%s" and creates nothing', async (body, message) => {
    const response = await admin.post('/api/users', body)
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ error: message })
    expect((await listUsers()).some((u) => u.username === 'carla')).toBe(false)
  })

  it('creates a user who can then sign in, and refuses a duplicate username with 409', async () => {
    const created = await createUser({
      username: 'dana',
      email: 'dana@example.com',
      firstName: 'Dana',
      role: 'operator',
    })
    expect(created).toMatchObject({
      username: 'dana',
      role: 'operator',
      isActive: true,
      email: 'dana@example.com',
    })
    expect(JSON.stringify(created)).not.toMatch(/password|argon2/i)
    await new SessionClient(server.url).login('dana', 'secret-123')
    const duplicate = await admin.post('/api/users', { username: 'dana', password: 'secret-123' })
    expect(duplicate.status).toBe(409)
    expect(duplicate.body).toEqual({ error: 'Username dana is already taken' })
  })

  it('leaves the password unchanged when an edit sends it blank', async () => {
    const user = await createUser({ username: 'eli' })
    const response = await admin.request('PUT', `/api/users/${user.id}`, {
      json: { username: 'eli', password: '', firstName: 'Eli' },
    })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ firstName: 'Eli' })
    await new SessionClient(server.url).login('eli', 'secret-123')
  })

  it('changes only the fields an edit sends; null clears the optional ones (issue 11 §2)', async () => {
    const user = await createUser({
      username: 'june',
      email: 'june@example.com',
      firstName: 'June',
      lastName: 'Lee',
    })
    const roleOnly = await admin.request('PUT', `/api/users/${user.id}`, { json: { role: 'operator' } })
    expect(roleOnly.status, roleOnly.text).toBe(200)
    const expected = {
      email: 'june@example.com',
      firstName: 'June',
      lastName: 'Lee',
      role: 'operator',
      isActive: true,
    }
    expect(roleOnly.body).toMatchObject(expected)
    expect((await listUsers()).find((u) => u.id === user.id)).toMatchObject(expected)
    const cleared = await admin.request('PUT', `/api/users/${user.id}`, {
      json: { email: null, lastName: null },
    })
    expect(cleared.status, cleared.text).toBe(200)
    expect((await listUsers()).find((u) => u.id === user.id)).toMatchObject({
      ...expected,
      email: null,
      lastName: null,
    })
    await new SessionClient(server.url).login('june', 'secret-123')
  })

  it.each([
    [{ username: null }, 'username: Username must be at least 3 characters'],
    [{ role: null }, 'role: Role must be one of admin, manager, operator, viewer'],
    [{ isActive: null }, 'isActive: isActive must be true or false'],
  ])('refuses clearing a required field %j with 400 and changes nothing', async (json, message) => {
    const user = await createUser({ username: `keep-${Object.keys(json)[0]}`, firstName: 'Keep' })
    const before = (await listUsers()).find((u) => u.id === user.id)
    const response = await admin.request('PUT', `/api/users/${user.id}`, { json })
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ error: message })
    expect((await listUsers()).find((u) => u.id === user.id)).toEqual(before)
  })

  it('ends the other sessions of a user whose password changes, and all of them on deactivation', async () => {
    const user = await createUser({ username: 'fay' })
    const fay = new SessionClient(server.url)
    await fay.login('fay', 'secret-123')
    await admin.request('PUT', `/api/users/${user.id}`, { json: { password: 'new-secret-456' } })
    expect((await fay.get('/api/auth/me')).status).toBe(401)
    await fay.login('fay', 'new-secret-456')
    await admin.request('PUT', `/api/users/${user.id}`, { json: { isActive: false } })
    expect((await fay.get('/api/auth/me')).status).toBe(401)
    expect((await fay.post('/api/auth/login', { username: 'fay', password: 'new-secret-456' })).status).toBe(
      401,
    )
  })

  it.each([
    ['PUT', '/api/users/999999', { firstName: 'x' }, 404, 'User 999999 not found'],
    ['DELETE', '/api/users/999999', undefined, 404, 'User 999999 not found'],
    ['PUT', '/api/users/abc', { firstName: 'x' }, 400, 'id: id must be a number'],
  ])('%s %s → %i', async (method, path, json, status, message) => {
    const response = await admin.request(method, path, json === undefined ? {} : { json })
    expect(response.status).toBe(status)
    expect(response.body).toEqual({ error: message })
  })
})

describe('the last active admin', () => {
  it('cannot be demoted, deactivated or deleted; another admin can be', async () => {
    const users = await listUsers()
    const adminId = users.find((u) => u.username === 'admin')?.id
    for (const change of [{ role: 'manager' }, { isActive: false }]) {
      const response = await admin.request('PUT', `/api/users/${adminId}`, { json: change })
      expect(response.status).toBe(409)
      expect(response.body).toEqual({
        error: 'admin is the last active admin: make another user an active admin first',
      })
    }
    expect((await admin.request('DELETE', `/api/users/${adminId}`)).body).toEqual({
      error: 'You cannot delete your own account',
    })

    const second = await createUser({ username: 'gus', role: 'admin' })
    const gus = new SessionClient(server.url)
    await gus.login('gus', 'secret-123')
    const demoteGus = await admin.request('PUT', `/api/users/${second.id}`, { json: { role: 'viewer' } })
    expect(demoteGus.status).toBe(200)
    const deleteAdminByViewer = await gus.request('DELETE', `/api/users/${adminId}`)
    expect(deleteAdminByViewer.status).toBe(403)
  })
})

describe('client assignments', () => {
  it('assigns and unassigns, lists them with client names, and is idempotent', async () => {
    const user = await createUser({ username: 'hana' })
    expect((await admin.post(`/api/users/${user.id}/clients/acme`, { permissions: {} })).status).toBe(200)
    expect((await admin.post(`/api/users/${user.id}/clients/acme`, { permissions: {} })).status).toBe(200)
    expect((await admin.post(`/api/users/${user.id}/clients/bravo`, {})).status).toBe(200)
    const listed = (await listUsers()).find((u) => u.id === user.id)
    expect(listed?.clientAssignments).toEqual([
      { clientId: 'acme', client: { name: 'Acme Plumbing' } },
      { clientId: 'bravo', client: { name: 'Bravo Roofing' } },
    ])
    expect((await admin.request('DELETE', `/api/users/${user.id}/clients/acme`)).status).toBe(200)
    const missing = await admin.request('DELETE', `/api/users/${user.id}/clients/acme`)
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual({ error: 'User hana is not assigned to client acme' })
  })

  it.each([
    ['/api/users/999999/clients/acme', 404, 'User 999999 not found'],
    ['/api/users/1/clients/nope', 404, 'Client nope not found'],
  ])('POST %s → %i', async (path, status, message) => {
    const response = await admin.post(path, { permissions: {} })
    expect(response.status).toBe(status)
    expect(response.body).toEqual({ error: message })
  })
})

describe('role permissions', () => {
  it('returns every role with all 21 flags, admin holding them all', async () => {
    const response = await admin.get('/api/permissions/roles')
    const roles = response.body as Record<string, Record<string, boolean>>
    expect(Object.keys(roles).sort()).toEqual([...ROLES].sort())
    for (const role of ROLES)
      expect(Object.keys(roles[role] ?? {}).sort()).toEqual([...PERMISSION_FLAGS].sort())
    expect(Object.values(roles.admin ?? {}).every(Boolean)).toBe(true)
  })

  it.each([
    ['admin', { canManageRoles: false }, 409, 'The admin role must keep canManageRoles'],
    [
      'admin',
      { canEditPermissions: false, canManageRoles: false },
      409,
      'The admin role must keep canManageRoles and canEditPermissions',
    ],
    ['viewer', { canFly: true }, 400, 'permissions.canFly: unknown permission canFly'],
    [
      'viewer',
      { canViewUsers: 'yes' },
      400,
      'permissions.canViewUsers: each permission must be true or false',
    ],
    ['owner', { canViewUsers: true }, 404, 'Role owner not found'],
  ])('PUT %s %j → %i', async (role, permissions, status, message) => {
    const response = await admin.request('PUT', `/api/permissions/roles/${role}`, { json: { permissions } })
    expect(response.status).toBe(status)
    expect(response.body).toEqual({ error: message })
  })

  it('applies a change to signed-in users of that role at their next request', async () => {
    await createUser({ username: 'ivy', role: 'viewer' })
    const ivy = new SessionClient(server.url)
    await ivy.login('ivy', 'secret-123')
    expect((await ivy.get('/api/users')).status).toBe(403)
    const granted = await admin.request('PUT', '/api/permissions/roles/viewer', {
      json: { permissions: { canViewUsers: true } },
    })
    expect(granted.status).toBe(200)
    expect((await ivy.get('/api/users')).status).toBe(200)
    await admin.request('PUT', '/api/permissions/roles/viewer', {
      json: { permissions: { canViewUsers: false } },
    })
    expect((await ivy.get('/api/users')).status).toBe(403)
  })
})

describe('audit log', () => {
  it('records who changed what, newest first, paged, with no secret', async () => {
    const first = await admin.get('/api/audit?limit=5')
    expect(first.status).toBe(200)
    const entries = first.body as AuditEntry[]
    expect(entries).toHaveLength(5)
    expect(Number(first.headers.get('x-total-count'))).toBeGreaterThan(5)
    const ids = entries.map((e) => e.id)
    expect([...ids].sort((a, b) => b - a)).toEqual(ids)
    expect(entries[0]).toMatchObject({
      action: 'role_permissions.update',
      entityId: 'viewer',
      actorUsername: 'admin',
    })
    expect(entries[0]?.after).toEqual({ canViewUsers: false })

    const cursor = first.headers.get('x-next-cursor')
    const next = (await admin.get(`/api/audit?limit=5&cursor=${cursor}`)).body as AuditEntry[]
    expect(next[0]?.id).toBeLessThan(ids.at(-1) ?? 0)

    const all = await admin.get('/api/audit?limit=500')
    expect(all.text).not.toMatch(/argon2|secret-123|new-secret-456/)
    const actions = (all.body as AuditEntry[]).map((e) => e.action)
    for (const action of [
      'user.create',
      'user.update',
      'assignment.create',
      'assignment.delete',
      'role_permissions.update',
    ]) {
      expect(actions).toContain(action)
    }
    expect(
      (all.body as AuditEntry[]).find(
        (e) => e.action === 'user.update' && (e.after as { passwordChanged?: boolean }).passwordChanged,
      ),
    ).toBeTruthy()
  })

  it('refuses bad paging input', async () => {
    expect((await admin.get('/api/audit?limit=0')).body).toEqual({ error: 'limit: limit must be 1 to 500' })
    expect((await admin.get('/api/audit?cursor=abc')).body).toEqual({
      error: 'cursor: cursor must be a number',
    })
  })
})
