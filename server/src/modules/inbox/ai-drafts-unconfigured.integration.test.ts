import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SessionClient } from '../../testing/session-client.ts'
import { startTestServer, type TestServer } from '../../testing/test-server.ts'

// docs/spec/product.md §9.6: without AI_BASE_URL the API says how to turn AI drafts on, and the
// health report tells the web to hide its AI controls.

let server: TestServer
let admin: SessionClient

beforeAll(async () => {
  server = await startTestServer()
  admin = new SessionClient(server.url)
  await admin.login(server.adminUsername, server.adminPassword)
})
afterAll(() => server?.close())

describe('AI drafts without a model server', () => {
  it('answers 409 naming AI_BASE_URL', async () => {
    const response = await admin.post('/api/leads/any-lead/drafts/ai', {})
    expect(response.status).toBe(409)
    expect((response.body as { error: string }).error).toMatch(/AI_BASE_URL/)
  })

  it('reports AI as disabled in the health report', async () => {
    expect((await admin.get('/api/health')).body).toMatchObject({ ai: { enabled: false } })
  })
})
