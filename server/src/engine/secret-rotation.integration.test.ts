import type { ClientView } from '@common/clients.ts'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config/config.ts'
import { SecretBox } from '../lib/secret-box.ts'
import { storedGhlSchema } from '../repositories/stored-connections.ts'
import { type RunningServer, startServer } from '../server.ts'
import { SessionClient } from '../testing/session-client.ts'
import { readStoredConnection, seedConnection } from '../testing/stored-connections.ts'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts'
import { findFreePort, TEST_ADMIN } from '../testing/test-server.ts'

// docs/decisions/0016 §7: APP_SECRET takes a list (new first): what an old key sealed is read and re-sealed
// with the new one at start; what no key opens marks the connection "needs re-auth" with why.
const OLD = 'old-secret-old-secret-old-secret-0001'
const NEW = 'new-secret-new-secret-new-secret-0002'
const LOST = 'lost-secret-lost-secret-lost-secret-03'

let database: TestDatabase
let running: RunningServer | undefined
afterAll(async () => {
  await running?.stop()
  await database?.dispose()
})

async function start(appSecret: string): Promise<{ server: RunningServer; admin: SessionClient }> {
  const port = await findFreePort()
  const config = loadConfig({
    PORT: String(port),
    BASE_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    DATA_DIR: database.dataDir,
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    APP_SECRET: appSecret,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  })
  const server = await startServer(config, { logger: { level: 'error' } })
  const admin = new SessionClient(server.url)
  await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)
  return { server, admin }
}

describe('APP_SECRET rotation', () => {
  it('re-seals old tokens with the new key and marks unreadable ones as needing re-auth', {
    timeout: 120_000,
  }, async () => {
    database = await createTestDatabase()
    let { server, admin } = await start(OLD)
    running = server
    for (const clientId of ['rotated', 'orphan']) {
      expect((await admin.post('/api/clients', { clientId, name: clientId })).status).toBe(201)
      const saved = await admin.request('PUT', `/api/clients/${clientId}`, {
        json: { ghlTokens: { accessToken: `access-${clientId}`, refreshToken: `refresh-${clientId}` } },
      })
      expect(saved.status, saved.text).toBe(200)
    }
    // The orphan's tokens were sealed under a key nobody configures any more.
    const lost = new SecretBox(LOST)
    await seedConnection(server.database.db, 'ghl', 'orphan', {
      accessToken: lost.seal('a'),
      refreshToken: lost.seal('r'),
      locationId: 'LocX',
    })
    await server.stop()

    ;({ server, admin } = await start(`${NEW},${OLD}`))
    running = server
    const sealed = storedGhlSchema.parse(await readStoredConnection(server.database.db, 'ghl', 'rotated'))
    // Re-sealed: the new key alone opens them now.
    expect(new SecretBox(NEW).open(sealed.accessToken ?? '')).toBe('access-rotated')
    expect(new SecretBox(NEW).open(sealed.refreshToken ?? '')).toBe('refresh-rotated')
    const rotated = (await admin.get('/api/clients/rotated')).body as ClientView
    expect(rotated.ghl).toMatchObject({ connected: true, needsReauth: false, reauthReason: null })

    const orphan = (await admin.get('/api/clients/orphan')).body as ClientView
    expect(orphan.ghl).toMatchObject({ connected: true, needsReauth: true })
    expect(orphan.ghl.reauthReason).toBe(
      'The stored GoHighLevel tokens cannot be decrypted with the configured APP_SECRET: connect again',
    )
    // Using it reports the reason instead of failing with a decryption error.
    const refresh = await admin.post('/api/clients/orphan/refresh-tokens')
    expect(refresh.status).toBeLessThan(500)
    expect(refresh.text).not.toMatch(/decipher|auth tag|Unsupported state/i)
  })

  it('refuses a list entry shorter than 32 characters at start', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/unused', APP_SECRET: `${NEW},short` })).toThrow(
      /APP_SECRET: each key must be at least 32 characters/,
    )
  })
})
