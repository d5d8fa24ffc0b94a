import type { AuditEntry } from '@common/users.ts'
import { afterAll, describe, expect, it } from 'vitest'
import { SessionClient } from '../testing/session-client.ts'
import { startTestServer, type TestServer } from '../testing/test-server.ts'
import { RATE_LIMITS } from './rate-limits.ts'

// Each test starts its own server(s) (a fresh database each): under a loaded machine that alone
// can take most of the default 30 s.
const STARTS_SERVERS = { timeout: 120_000 }

// docs/decisions/0016 §5: behind a proxy, TRUST_PROXY makes limits and audit entries use the client's
// address from X-Forwarded-For; without it, that header is never believed.
const servers: TestServer[] = []
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()))
})

async function start(env: Record<string, string> = {}) {
  const server = await startTestServer({ env })
  servers.push(server)
  return server
}

function from(address: string) {
  return { 'x-forwarded-for': address }
}

async function failTenTimes(
  server: TestServer,
  headers: Record<string, string> | ((n: number) => Record<string, string>),
) {
  for (let i = 0; i < RATE_LIMITS.loginFailures.max; i++) {
    const failed = await new SessionClient(server.url).request('POST', '/api/auth/login', {
      json: { username: 'admin', password: `guess-${i}` },
      headers: typeof headers === 'function' ? headers(i) : headers,
    })
    expect(failed.status).toBe(401)
  }
}

async function newestAudit(admin: SessionClient): Promise<AuditEntry | undefined> {
  return ((await admin.get('/api/audit?limit=1')).body as AuditEntry[])[0]
}

describe('without TRUST_PROXY', () => {
  it(
    'ignores X-Forwarded-For: a rotating header does not escape the limit, audit shows the peer',
    STARTS_SERVERS,
    async () => {
      const server = await start()
      await failTenTimes(server, (n) => from(`203.0.113.${n}`))
      const locked = await new SessionClient(server.url).request('POST', '/api/auth/login', {
        json: { username: 'admin', password: server.adminPassword },
        headers: from('198.51.100.9'),
      })
      expect(locked.status).toBe(429)

      const other = await start()
      const admin = new SessionClient(other.url)
      await admin.login(other.adminUsername, other.adminPassword)
      await admin.request('POST', '/api/users', {
        json: { username: 'proxied', password: 'proxied-pass' },
        headers: from('198.51.100.9'),
      })
      expect(await newestAudit(admin)).toMatchObject({ action: 'user.create', actorAddress: '127.0.0.1' })
    },
  )
})

describe('with TRUST_PROXY', () => {
  it(
    'throttles per client address, so an attacker cannot lock the admin out of another address',
    STARTS_SERVERS,
    async () => {
      const server = await start({ TRUST_PROXY: 'true' })
      await failTenTimes(server, from('203.0.113.7'))
      const attacker = await new SessionClient(server.url).request('POST', '/api/auth/login', {
        json: { username: 'admin', password: server.adminPassword },
        headers: from('203.0.113.7'),
      })
      expect(attacker.status).toBe(429)
      const admin = new SessionClient(server.url)
      const signedIn = await admin.request('POST', '/api/auth/login', {
        json: { username: 'admin', password: server.adminPassword },
        headers: from('198.51.100.9'),
      })
      expect(signedIn.status).toBe(200)
      await admin.request('POST', '/api/users', {
        json: { username: 'proxied', password: 'proxied-pass' },
        headers: from('198.51.100.9'),
      })
      expect(await newestAudit(admin)).toMatchObject({ action: 'user.create', actorAddress: '198.51.100.9' })
    },
  )

  it(
    'true believes the nearest proxy only: an entry the client put in front of its own is ignored',
    STARTS_SERVERS,
    async () => {
      const server = await start({ TRUST_PROXY: 'true' })
      // The proxy appends the address it saw; everything before it is the client's to write.
      const spoofed = (n: number) => from(`203.0.113.${n}, 198.51.100.77`)
      await failTenTimes(server, spoofed)
      const locked = await new SessionClient(server.url).request('POST', '/api/auth/login', {
        json: { username: 'admin', password: server.adminPassword },
        headers: spoofed(99),
      })
      expect(locked.status).toBe(429)

      const admin = new SessionClient(server.url)
      await admin.request('POST', '/api/auth/login', {
        json: { username: 'admin', password: server.adminPassword },
        headers: from('198.51.100.9'),
      })
      await admin.request('POST', '/api/users', {
        json: { username: 'forged', password: 'forged-pass' },
        headers: from('192.0.2.66, 198.51.100.9'),
      })
      expect(await newestAudit(admin)).toMatchObject({ action: 'user.create', actorAddress: '198.51.100.9' })
    },
  )

  it('refuses a malformed TRUST_PROXY at start with one clear message', async () => {
    await expect(start({ TRUST_PROXY: 'sometimes' })).rejects.toThrow(/TRUST_PROXY/)
  })
})
