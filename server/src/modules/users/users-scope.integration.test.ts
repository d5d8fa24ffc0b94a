import type { AuditEntry, ListedUser } from '@common/users.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInScopedOperator } from '../../testing/scoped-user.ts'
import { SessionClient } from '../../testing/session-client.ts'
import { startTestServer, type TestServer } from '../../testing/test-server.ts'

// An operator or viewer sees only its assigned clients (docs/decisions/0022-what-scoped-roles-see.md):
// holding the user-management flags does not widen that, neither for assigning clients nor for
// reading the user list and the audit log.
let server: TestServer
let admin: SessionClient
let olivia: SessionClient
const ids: Record<string, number> = {}

async function createUser(username: string, role: string, clientIds: string[]) {
  const created = await admin.post('/api/users', { username, password: `${username}-pass-1`, role })
  expect(created.status).toBe(201)
  ids[username] = (created.body as { id: number }).id
  for (const clientId of clientIds) {
    expect(
      (await admin.post(`/api/users/${ids[username]}/clients/${clientId}`, { permissions: {} })).status,
    ).toBe(200)
  }
}

beforeAll(async () => {
  server = await startTestServer()
  admin = new SessionClient(server.url)
  await admin.login(server.adminUsername, server.adminPassword)
  for (const [clientId, name] of [
    ['own', 'Own Plumbing'],
    ['other', 'Other Roofing'],
  ]) {
    expect((await admin.post('/api/clients', { clientId, name })).status).toBe(201)
  }
  await createUser('peter', 'operator', ['other'])
  await createUser('sam', 'viewer', ['own', 'other'])
  olivia = await signInScopedOperator(server.url, admin, {
    username: 'olivia',
    clientIds: ['own'],
    grant: ['canAssignClients', 'canViewUsers', 'canViewLogs'],
  })
  ids.olivia = ((await olivia.get('/api/auth/me')).body as { user: { id: number } }).user.id
})
afterAll(() => server?.close())

async function assignmentsOf(username: string): Promise<string[]> {
  const users = (await admin.get('/api/users')).body as ListedUser[]
  return (users.find((u) => u.username === username)?.clientAssignments ?? []).map((a) => a.clientId)
}

describe('an operator holding canAssignClients', () => {
  it.each([
    ['itself', 'olivia'],
    ['a viewer', 'sam'],
  ])('cannot assign %s a client it does not see', async (_case, username) => {
    const before = await assignmentsOf(username)
    const answer = await olivia.post(`/api/users/${ids[username]}/clients/other`, { permissions: {} })
    expect(answer.status).toBe(404)
    expect(answer.body).toEqual({ error: 'Client other not found' })
    expect(await assignmentsOf(username)).toEqual(before)
  })

  it('cannot remove an assignment to a client it does not see', async () => {
    const answer = await olivia.request('DELETE', `/api/users/${ids.sam}/clients/other`)
    expect(answer.status).toBe(404)
    expect(answer.body).toEqual({ error: 'Client other not found' })
    expect(await assignmentsOf('sam')).toEqual(['other', 'own'])
  })

  it('still assigns a client it sees', async () => {
    const answer = await olivia.post(`/api/users/${ids.peter}/clients/own`, { permissions: {} })
    expect(answer.status).toBe(200)
    expect((await olivia.request('DELETE', `/api/users/${ids.peter}/clients/own`)).status).toBe(200)
  })
})

describe('an operator holding canEditUsers and canDeleteUsers', () => {
  it('cannot edit, reset or delete a user of other clients only', async () => {
    await admin.request('PUT', '/api/permissions/roles/operator', {
      json: { permissions: { canEditUsers: true, canDeleteUsers: true } },
    })
    try {
      const edit = await olivia.request('PUT', `/api/users/${ids.peter}`, {
        json: { password: 'taken-over-1' },
      })
      expect([edit.status, edit.body]).toEqual([404, { error: `User ${ids.peter} not found` }])
      const remove = await olivia.request('DELETE', `/api/users/${ids.peter}`)
      expect([remove.status, remove.body]).toEqual([404, { error: `User ${ids.peter} not found` }])
      const peter = new SessionClient(server.url)
      expect(
        (await peter.post('/api/auth/login', { username: 'peter', password: 'peter-pass-1' })).status,
      ).toBe(200)
      // A user who shares one of its clients is within reach.
      const shared = await olivia.request('PUT', `/api/users/${ids.sam}`, { json: { firstName: 'Sam' } })
      expect(shared.status).toBe(200)
    } finally {
      await admin.request('PUT', '/api/permissions/roles/operator', {
        json: { permissions: { canEditUsers: false, canDeleteUsers: false } },
      })
    }
  })
})

describe('GET /api/users for a scoped role', () => {
  it('lists itself and the users of its clients, with only its clients assigned', async () => {
    const users = (await olivia.get('/api/users')).body as ListedUser[]
    expect(users.map((u) => u.username)).toEqual(['olivia', 'sam'])
    expect(users.find((u) => u.username === 'sam')?.clientAssignments).toEqual([
      { clientId: 'own', client: { name: 'Own Plumbing' } },
    ])
  })

  it('lists everyone for an admin', async () => {
    const users = (await admin.get('/api/users')).body as ListedUser[]
    expect(users.map((u) => u.username)).toEqual(['admin', 'olivia', 'peter', 'sam'])
  })
})

describe('GET /api/audit for a scoped role', () => {
  it('shows the entries about its clients and about itself, nothing else', async () => {
    const answer = await olivia.get('/api/audit?limit=500')
    expect(answer.status).toBe(200)
    const entries = answer.body as AuditEntry[]
    expect(entries.length).toBeGreaterThan(0)
    expect(answer.headers.get('x-total-count')).toBe(String(entries.length))
    for (const entry of entries) {
      const text = JSON.stringify(entry)
      expect(text, entry.action).not.toContain('other')
    }
    const actions = entries.map((e) => `${e.action} ${e.entityId}`)
    expect(actions).toContain('client.create own')
    expect(actions).toContain(`user.create ${ids.olivia}`)
    expect(actions).toContain('assignment.create sam:own')
    expect(actions).not.toContain(`user.create ${ids.sam}`)
    expect(actions).not.toContain(`user.create ${ids.peter}`)
    expect(actions.some((a) => a.startsWith('role.'))).toBe(false)
  })

  it('pages the scoped entries with the cursor', async () => {
    const all = (await olivia.get('/api/audit?limit=500')).body as AuditEntry[]
    const first = await olivia.get('/api/audit?limit=2')
    const cursor = first.headers.get('x-next-cursor')
    const second = await olivia.get(`/api/audit?limit=2&cursor=${cursor}`)
    expect([...(first.body as AuditEntry[]), ...(second.body as AuditEntry[])]).toEqual(all.slice(0, 4))
  })
})
