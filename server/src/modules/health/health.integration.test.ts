import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SessionClient } from '../../testing/session-client.ts'
import { startTestServer, type TestServer } from '../../testing/test-server.ts'

// The public health check says ok or not per component, never a raw database error
// (docs/decisions/0016 §8).
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close().catch(() => {})
})

describe('public health', () => {
  it('reports an unreachable database as such, without its error', async () => {
    // The database goes away under the running server.
    await server.server.database.close()
    const response = await new SessionClient(server.url).get('/api/health')
    expect(response.status).toBe(503)
    expect(response.body).toEqual({
      status: 'unavailable',
      database: { kind: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', reachable: false },
      // Alerts live in the database: none can be read while it is gone.
      alerts: {},
      providers: { yelp: 'not configured', ghl: 'not configured' },
      ai: { enabled: false },
    })
  })
})
