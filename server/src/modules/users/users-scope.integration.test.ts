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
    ['third', 'Third Electric'],
  ]) {
    expect((await admin.post('/api/clients', { clientId, name })).status).toBe(201)
  }
  await createUser('peter', 'operator', ['other'])
  await createUser('sam', 'viewer', ['own', 'other'])
  await createUser('wendy', 'viewer', ['own'])
  await createUser('uma', 'operator', [])
  olivia = await signInScopedOperator(server.url, admin, {
    username: 'olivia',
    clientIds: ['own', 'third'],
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

  it('still assigns a client it sees to a user whose clients are all its own', async () => {
    const answer = await olivia.post(`/api/users/${ids.wendy}/clients/third`, { permissions: {} })
    expect(answer.status).toBe(200)
    expect(await assignmentsOf('wendy')).toEqual(['own', 'third'])
    expect((await olivia.request('DELETE', `/api/users/${ids.wendy}/clients/third`)).status).toBe(200)
    expect(await assignmentsOf('wendy')).toEqual(['own'])
  })
})

describe('an operator holding canEditUsers and canDeleteUsers', () => {
  // A scoped role reaches a user only when all of that user's clients are its own, and sets no
  // password but its own: otherwise sharing one client (or handing one over first) would let it
  // reset another client's staff's password and sign in as them.
  beforeAll(async () => {
    await admin.request('PUT', '/api/permissions/roles/operator', {
      json: { permissions: { canEditUsers: true, canDeleteUsers: true } },
    })
  })
  afterAll(async () => {
    await admin.request('PUT', '/api/permissions/roles/operator', {
      json: { permissions: { canEditUsers: false, canDeleteUsers: false } },
    })
  })

  async function signsIn(username: string, password: string): Promise<boolean> {
    const session = new SessionClient(server.url)
    return (await session.post('/api/auth/login', { username, password })).status === 200
  }

  it('cannot edit, reset or delete a user of other clients only', async () => {
    const edit = await olivia.request('PUT', `/api/users/${ids.peter}`, {
      json: { password: 'taken-over-1' },
    })
    expect([edit.status, edit.body]).toEqual([404, { error: `User ${ids.peter} not found` }])
    const remove = await olivia.request('DELETE', `/api/users/${ids.peter}`)
    expect([remove.status, remove.body]).toEqual([404, { error: `User ${ids.peter} not found` }])
    expect(await signsIn('peter', 'peter-pass-1')).toBe(true)
  })

  it('cannot reset the password of a user who shares one of its clients', async () => {
    const reset = await olivia.request('PUT', `/api/users/${ids.sam}`, { json: { password: 'taken-over-1' } })
    expect(reset.status).toBe(403)
    expect(reset.body).toEqual({ error: `User ${ids.sam} is also assigned to clients outside yours` })
    const edit = await olivia.request('PUT', `/api/users/${ids.sam}`, { json: { firstName: 'Sam' } })
    expect(edit.status).toBe(403)
    const unassign = await olivia.request('DELETE', `/api/users/${ids.sam}/clients/own`)
    expect(unassign.status).toBe(403)
    expect(await assignmentsOf('sam')).toEqual(['other', 'own'])
    expect(await signsIn('sam', 'taken-over-1')).toBe(false)
    expect(await signsIn('sam', 'sam-pass-1')).toBe(true)
  })

  it.each([
    ['of other clients', 'peter', 'peter-pass-1'],
    ['with no client', 'uma', 'uma-pass-1'],
  ])(
    'cannot hand its client to a same-rank user %s, then take them over',
    async (_case, username, password) => {
      const before = await assignmentsOf(username)
      const assign = await olivia.post(`/api/users/${ids[username]}/clients/own`, { permissions: {} })
      expect([assign.status, assign.body]).toEqual([404, { error: `User ${ids[username]} not found` }])
      expect(await assignmentsOf(username)).toEqual(before)
      const reset = await olivia.request('PUT', `/api/users/${ids[username]}`, {
        json: { password: 'taken-over-1' },
      })
      expect(reset.status).toBe(404)
      expect(await signsIn(username, 'taken-over-1')).toBe(false)
      expect(await signsIn(username, password)).toBe(true)
    },
  )

  it('manages a user wholly within its clients, but does not set their password', async () => {
    const edit = await olivia.request('PUT', `/api/users/${ids.wendy}`, { json: { firstName: 'Wendy' } })
    expect([edit.status, (edit.body as { firstName: string }).firstName]).toEqual([200, 'Wendy'])
    const reset = await olivia.request('PUT', `/api/users/${ids.wendy}`, {
      json: { password: 'taken-over-1' },
    })
    expect(reset.status).toBe(403)
    expect(reset.body).toEqual({ error: "Only admins and managers set another user's password" })
    expect(await signsIn('wendy', 'taken-over-1')).toBe(false)
    expect(await signsIn('wendy', 'wendy-pass-1')).toBe(true)
    expect((await olivia.request('DELETE', `/api/users/${ids.wendy}/clients/own`)).status).toBe(200)
    expect((await olivia.post(`/api/users/${ids.wendy}/clients/own`, { permissions: {} })).status).toBe(404)
    expect((await admin.post(`/api/users/${ids.wendy}/clients/own`, { permissions: {} })).status).toBe(200)
  })

  it('still sets its own password, given the current one', async () => {
    const own = await olivia.request('PUT', `/api/users/${ids.olivia}`, {
      json: { password: 'scoped-pass-2', currentPassword: 'scoped-pass-1' },
    })
    expect(own.status).toBe(200)
    expect(await signsIn('olivia', 'scoped-pass-2')).toBe(true)
    const back = await olivia.post('/api/auth/password', {
      currentPassword: 'scoped-pass-2',
      newPassword: 'scoped-pass-1',
    })
    expect(back.status).toBe(200)
  })
})

describe('GET /api/users for a scoped role', () => {
  it('lists itself and the users of its clients, with only its clients assigned', async () => {
    const users = (await olivia.get('/api/users')).body as ListedUser[]
    expect(users.map((u) => u.username)).toEqual(['olivia', 'sam', 'wendy'])
    expect(users.find((u) => u.username === 'sam')?.clientAssignments).toEqual([
      { clientId: 'own', client: { name: 'Own Plumbing' } },
    ])
  })

  it('lists everyone for an admin', async () => {
    const users = (await admin.get('/api/users')).body as ListedUser[]
    expect(users.map((u) => u.username)).toEqual(['admin', 'olivia', 'peter', 'sam', 'uma', 'wendy'])
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
