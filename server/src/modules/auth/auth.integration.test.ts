import { PERMISSION_FLAGS } from '@common/permissions.ts'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemSettings, userSessions, users } from '../../db/schema.ts'
import { hashPassword } from '../../lib/passwords.ts'
import { hashToken } from '../../lib/tokens.ts'
import { insertUserIfAbsent } from '../../repositories/users.repository.ts'
import { SessionClient } from '../../testing/session-client.ts'
import { startTestServer, type TestServer } from '../../testing/test-server.ts'

let server: TestServer
const db = () => server.server.database.db

beforeAll(async () => {
  server = await startTestServer()
  await insertUserIfAbsent(db(), {
    username: 'sleepy',
    passwordHash: await hashPassword('sleepy-password'),
    role: 'viewer',
    isActive: false,
  })
  await insertUserIfAbsent(db(), {
    username: 'vera',
    passwordHash: await hashPassword('vera-password'),
    role: 'viewer',
  })
})
afterAll(() => server?.close())

function client() {
  return new SessionClient(server.url)
}

describe('sign-in', () => {
  it('signs in, returns the user with role flags and never a password, and sets a safe cookie', async () => {
    const c = client()
    const response = await c.post('/api/auth/login', { username: 'admin', password: server.adminPassword })
    expect(response.status).toBe(200)
    const user = (response.body as { user: Record<string, unknown> }).user
    expect(user).toMatchObject({ username: 'admin', role: 'admin', isActive: true })
    expect(user).not.toHaveProperty('password')
    expect(response.text).not.toContain('$argon2')
    const permissions = user.permissions as Record<string, boolean>
    expect(PERMISSION_FLAGS.every((flag) => permissions[flag] === true)).toBe(true)
    const cookie = response.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^lr_session=[A-Za-z0-9_-]{43};/)
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Lax')
    expect(cookie).not.toContain('Secure')

    const me = await c.get('/api/auth/me')
    expect(me.status).toBe(200)
    expect(me.body).toMatchObject({ user: { username: 'admin' } })
    expect(me.text).not.toContain('$argon2')
  })

  it('stores only a hash of the session token', async () => {
    const c = client()
    await c.login('admin', server.adminPassword)
    const token = c.sessionCookie?.split('=')[1] ?? ''
    const rows = await db()
      .select()
      .from(userSessions)
      .where(eq(userSessions.sessionToken, hashToken(token)))
    expect(rows).toHaveLength(1)
    const raw = await db().select().from(userSessions).where(eq(userSessions.sessionToken, token))
    expect(raw).toHaveLength(0)
  })

  it.each([
    ['an unknown user', 'nobody', 'whatever-password'],
    ['a wrong password', 'admin', 'wrong-password'],
    ['an inactive user', 'sleepy', 'sleepy-password'],
  ])('refuses %s with the same 401', async (_case, username, password) => {
    const response = await client().post('/api/auth/login', { username, password })
    expect(response.status).toBe(401)
    expect(response.body).toEqual({ error: 'Invalid credentials' })
    expect(response.headers.get('set-cookie')).toBeNull()
  })

  it('answers 429 after 10 failures a minute for one username and address, and not for others', async () => {
    const c = client()
    for (let i = 0; i < 10; i++) {
      expect((await c.post('/api/auth/login', { username: 'vera', password: `bad-${i}` })).status).toBe(401)
    }
    const blocked = await c.post('/api/auth/login', { username: 'vera', password: 'vera-password' })
    expect(blocked.status).toBe(429)
    expect(blocked.body).toEqual({ error: 'Too many failed sign-in attempts. Try again in a minute.' })
    expect(blocked.headers.get('retry-after')).toBe('60')
    // Another username from the same address is not affected.
    expect(
      (await c.post('/api/auth/login', { username: 'admin', password: server.adminPassword })).status,
    ).toBe(200)
  })
})

describe('sessions', () => {
  it('logout deletes the session so the old cookie no longer works', async () => {
    const c = client()
    await c.login('admin', server.adminPassword)
    const cookie = c.sessionCookie ?? ''
    expect((await c.post('/api/auth/logout')).status).toBe(200)
    const reuse = await fetch(`${server.url}/api/auth/me`, { headers: { cookie } })
    expect(reuse.status).toBe(401)
    expect(await reuse.json()).toEqual({ error: 'Not signed in' })
  })

  it('logout without a session still succeeds', async () => {
    expect((await client().post('/api/auth/logout')).status).toBe(200)
  })

  it('expires after the idle timeout and slides while in use', async () => {
    const c = client()
    await c.login('admin', server.adminPassword)
    const tokenHash = hashToken(c.sessionCookie?.split('=')[1] ?? '')
    const where = eq(userSessions.sessionToken, tokenHash)

    await db().update(userSessions).set({ expiresAt: sql`now() + interval '2 minutes'` }).where(where)
    expect((await c.get('/api/auth/me')).status).toBe(200)
    const [slid] = await db().select().from(userSessions).where(where)
    const minutesLeft = ((slid?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000
    expect(minutesLeft).toBeGreaterThan(29)
    expect(minutesLeft).toBeLessThanOrEqual(30)

    await db().update(userSessions).set({ expiresAt: sql`now() - interval '1 second'` }).where(where)
    expect((await c.get('/api/auth/me')).status).toBe(401)
  })

  it('ends a session 30 days after sign-in however active it stays', async () => {
    const c = client()
    await c.login('admin', server.adminPassword)
    const where = eq(userSessions.sessionToken, hashToken(c.sessionCookie?.split('=')[1] ?? ''))
    await db().update(userSessions).set({ createdAt: sql`now() - interval '29 days 23 hours'` }).where(where)
    expect((await c.get('/api/auth/me')).status).toBe(200)
    await db().update(userSessions).set({ createdAt: sql`now() - interval '30 days 1 minute'` }).where(where)
    // Used a moment ago, so its idle expiry is still ahead: only the absolute lifetime ends it.
    const [row] = await db().select().from(userSessions).where(where)
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now())
    const me = await c.get('/api/auth/me')
    expect(me.status).toBe(401)
    expect(me.body).toEqual({ error: 'Not signed in' })
  })

  it('uses the session-timeout setting for new sessions', async () => {
    await db().insert(systemSettings).values({ key: 'sessionTimeout', value: 5 })
    try {
      // Cached for ten seconds; the settings screen's save drops this process's cache at once.
      server.server.sessionTimeout.invalidate()
      const c = client()
      await c.login('admin', server.adminPassword)
      const [row] = await db()
        .select()
        .from(userSessions)
        .where(eq(userSessions.sessionToken, hashToken(c.sessionCookie?.split('=')[1] ?? '')))
      const minutesLeft = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000
      expect(minutesLeft).toBeGreaterThan(4)
      expect(minutesLeft).toBeLessThanOrEqual(5)
    } finally {
      await db().delete(systemSettings).where(eq(systemSettings.key, 'sessionTimeout'))
    }
  })

  it('ends the session of a user who is deactivated', async () => {
    const c = client()
    await insertUserIfAbsent(db(), {
      username: 'temp',
      passwordHash: await hashPassword('temp-password'),
      role: 'viewer',
    })
    await c.login('temp', 'temp-password')
    await db().update(users).set({ isActive: false }).where(eq(users.username, 'temp'))
    expect((await c.get('/api/auth/me')).status).toBe(401)
  })
})

describe('bad input on login', () => {
  const cases: Array<[string, { body?: string; json?: unknown; headers?: Record<string, string> }, RegExp]> =
    [
      [
        'not JSON',
        { body: 'username=admin', headers: { 'content-type': 'text/plain' } },
        /^body: must be JSON/,
      ],
      [
        'malformed JSON',
        { body: '{"username":', headers: { 'content-type': 'application/json' } },
        /^body: malformed JSON/,
      ],
      ['an empty JSON body', { body: '', headers: { 'content-type': 'application/json' } }, /^body: /],
      ['no fields', { json: {} }, /^username: Username is required; password: Password is required$/],
      ['an empty username', { json: { username: '', password: 'x' } }, /^username: Username is required$/],
      ['a missing password', { json: { username: 'admin' } }, /^password: Password is required$/],
      [
        'a 1 MB username',
        { json: { username: 'a'.repeat(1_000_000), password: 'x' } },
        /^username: Username is too long$/,
      ],
      ['a numeric username', { json: { username: 42, password: 'x' } }, /^username: Username must be text$/],
      [
        'an object password',
        { json: { username: 'admin', password: { $ne: '' } } },
        /^password: Password must be text$/,
      ],
      ['an array body', { json: ['admin', 'x'] }, /^body: /],
      ['a JSON string body', { json: 'admin' }, /^body: /],
    ]

  it.each(cases)('answers %s with 400 naming the field', async (_case, request, message) => {
    const response = await client().request('POST', '/api/auth/login', request)
    expect(response.status).toBe(400)
    expect((response.body as { error: string }).error).toMatch(message)
  })

  it('stays healthy afterwards', async () => {
    const health = await client().get('/api/health')
    expect(health.status).toBe(200)
    expect(health.body).toMatchObject({ status: 'ok', database: { reachable: true } })
  })
})
