import type { AuditEntry } from '@common/users.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SessionClient } from '../../testing/session-client.ts'
import { startTestServer, type TestServer } from '../../testing/test-server.ts'

// Changing one's own password takes the current one (a borrowed, unlocked screen must not be
// enough to lock its owner out), and every role may do it, not only those who manage users.
let server: TestServer
let admin: SessionClient

beforeAll(async () => {
  server = await startTestServer()
  admin = new SessionClient(server.url)
  await admin.login(server.adminUsername, server.adminPassword)
})
afterAll(() => server?.close())

async function signedIn(username: string, role: string) {
  const created = await admin.post('/api/users', { username, password: 'first-pass-1', role })
  expect(created.status).toBe(201)
  const user = new SessionClient(server.url)
  await user.login(username, 'first-pass-1')
  return { user, id: (created.body as { id: number }).id }
}

async function canSignIn(username: string, password: string): Promise<boolean> {
  const answer = await new SessionClient(server.url).post('/api/auth/login', { username, password })
  return answer.status === 200
}

describe('POST /api/auth/password', () => {
  it.each(['operator', 'viewer'])(
    'lets a scoped role (%s) change its own password with the current one',
    async (role) => {
      const username = `own-${role}`
      const { user } = await signedIn(username, role)
      const otherDevice = new SessionClient(server.url)
      await otherDevice.login(username, 'first-pass-1')

      const wrong = await user.post('/api/auth/password', {
        currentPassword: 'not-it',
        newPassword: 'second-pass-2',
      })
      expect([wrong.status, wrong.body]).toEqual([
        400,
        { error: 'currentPassword: Current password is incorrect' },
      ])
      expect(await canSignIn(username, 'first-pass-1')).toBe(true)

      const changed = await user.post('/api/auth/password', {
        currentPassword: 'first-pass-1',
        newPassword: 'second-pass-2',
      })
      expect([changed.status, changed.body]).toEqual([200, { ok: true }])
      expect(await canSignIn(username, 'first-pass-1')).toBe(false)
      expect(await canSignIn(username, 'second-pass-2')).toBe(true)
      // This session goes on; the others end, as when an admin resets the password.
      expect((await user.get('/api/auth/me')).status).toBe(200)
      expect((await otherDevice.get('/api/auth/me')).status).toBe(401)
    },
  )

  it('records the change in the audit log without any password', async () => {
    const { user, id } = await signedIn('audited', 'viewer')
    await user.post('/api/auth/password', { currentPassword: 'first-pass-1', newPassword: 'audited-pass-2' })
    const entries = (await admin.get('/api/audit?limit=500')).body as AuditEntry[]
    const entry = entries.find((e) => e.action === 'user.update' && e.entityId === String(id))
    expect(entry?.after).toMatchObject({ username: 'audited', passwordChanged: true })
    expect(JSON.stringify(entries)).not.toMatch(/first-pass-1|audited-pass-2|argon2/)
  })

  it.each([
    [
      {},
      'currentPassword: Current password is required; newPassword: Password must be at least 6 characters',
    ],
    [
      { currentPassword: 'first-pass-1', newPassword: 'short' },
      'newPassword: Password must be at least 6 characters',
    ],
    [{ currentPassword: 42, newPassword: 'long-enough' }, 'currentPassword: Current password is required'],
  ])('refuses %j with a 400 naming the field', async (body, error) => {
    const answer = await admin.post('/api/auth/password', body)
    expect([answer.status, answer.body]).toEqual([400, { error }])
  })

  it('needs a session', async () => {
    const answer = await new SessionClient(server.url).post('/api/auth/password', {
      currentPassword: 'x',
      newPassword: 'long-enough',
    })
    expect(answer.status).toBe(401)
  })
})

describe('PUT /api/users/{own id} with a password', () => {
  it('needs the current password for one’s own account, not for someone else’s', async () => {
    const { user: manager, id } = await signedIn('own-manager', 'manager')
    const missing = await manager.request('PUT', `/api/users/${id}`, { json: { password: 'manager-pass-2' } })
    expect([missing.status, missing.body]).toEqual([
      400,
      { error: 'currentPassword: Current password is required to change your own password' },
    ])
    const wrong = await manager.request('PUT', `/api/users/${id}`, {
      json: { password: 'manager-pass-2', currentPassword: 'nope' },
    })
    expect([wrong.status, wrong.body]).toEqual([
      400,
      { error: 'currentPassword: Current password is incorrect' },
    ])
    expect(await canSignIn('own-manager', 'first-pass-1')).toBe(true)

    const right = await manager.request('PUT', `/api/users/${id}`, {
      json: { password: 'manager-pass-2', currentPassword: 'first-pass-1' },
    })
    expect(right.status).toBe(200)
    expect(await canSignIn('own-manager', 'manager-pass-2')).toBe(true)

    // A manager resetting a viewer's password is an admin action: no current password asked.
    const { id: viewerId } = await signedIn('reset-me', 'viewer')
    const reset = await manager.request('PUT', `/api/users/${viewerId}`, {
      json: { password: 'reset-pass-2' },
    })
    expect(reset.status).toBe(200)
    expect(await canSignIn('reset-me', 'reset-pass-2')).toBe(true)
  })
})
