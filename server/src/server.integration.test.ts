import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from './config/config.ts'
import { startServer } from './server.ts'
import { SessionClient } from './testing/session-client.ts'
import { createTestDatabase, type TestDatabase } from './testing/test-database.ts'

let testDb: TestDatabase
beforeAll(async () => {
  testDb = await createTestDatabase()
})
afterAll(() => testDb?.dispose())

function config() {
  return loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: testDb.dataDir,
    ...(testDb.databaseUrl ? { DATABASE_URL: testDb.databaseUrl } : {}),
  })
}

describe('server lifecycle', () => {
  it('creates the first admin once with a generated password, and keeps data across a restart', {
    timeout: 120_000,
  }, async () => {
    const first = await startServer(config(), { logger: false })
    const generated = first.firstAdmin?.generatedPassword ?? ''
    try {
      expect(first.firstAdmin?.username).toBe('admin')
      expect(generated.length).toBeGreaterThanOrEqual(12)
      await new SessionClient(first.url).login('admin', generated)
    } finally {
      await first.stop()
    }

    const second = await startServer(config(), { logger: false })
    try {
      expect(second.firstAdmin).toBeNull()
      const c = new SessionClient(second.url)
      await c.login('admin', generated)
      const me = await c.get('/api/auth/me')
      expect((me.body as { user: { lastLogin: string } }).user.lastLogin).not.toBeNull()
    } finally {
      await second.stop()
    }
  })

  it('drains a job in flight before stopping', async () => {
    const server = await startServer(config(), { logger: false })
    let finished = false
    let started!: () => void
    const running = new Promise<void>((resolve) => {
      started = resolve
    })
    await server.boss.createQueue('drain-probe')
    await server.boss.work('drain-probe', { pollingIntervalSeconds: 0.5 }, async () => {
      started()
      await new Promise((resolve) => setTimeout(resolve, 1500))
      finished = true
    })
    await server.boss.send('drain-probe', {})
    await running
    await server.stop()
    expect(finished).toBe(true)
  })
})
