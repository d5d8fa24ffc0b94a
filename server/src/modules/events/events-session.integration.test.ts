import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { userSessions } from '../../db/schema.ts'
import { hashToken } from '../../lib/tokens.ts'
import { EventStreamClient } from '../../testing/event-stream-client.ts'
import { SessionClient } from '../../testing/session-client.ts'
import { startTestServer, type TestServer } from '../../testing/test-server.ts'

// docs/spec/product.md §6.1 GET /api/events: a stream is a signed-in view like any other, so it
// ends when its session does (logout, deactivation, expiry) or when the user's rights change;
// each heartbeat checks. The browser then reconnects with its current rights, or is signed out.
const HEARTBEAT_MS = 150
let server: TestServer
let admin: SessionClient
const streams: EventStreamClient[] = []
let userCount = 0

beforeAll(async () => {
  server = await startTestServer({ core: { eventHeartbeatMs: HEARTBEAT_MS } })
  admin = new SessionClient(server.url)
  await admin.login(server.adminUsername, server.adminPassword)
})
afterAll(async () => {
  for (const stream of streams) stream.close()
  await server?.close()
})

/** A fresh operator, signed in, listening; its id, its session client and its stream. */
async function listeningOperator() {
  const username = `listener${++userCount}`
  const created = await admin.post('/api/users', { username, password: 'listener-pass-1', role: 'operator' })
  expect(created.status).toBe(201)
  const user = new SessionClient(server.url)
  await user.login(username, 'listener-pass-1')
  const stream = await EventStreamClient.open(server.url, user.sessionCookie)
  streams.push(stream)
  expect(stream.status).toBe(200)
  // A heartbeat has passed with the session intact: the stream was open and checked once.
  await stream.waitForHeartbeats(1)
  expect(stream.isEnded).toBe(false)
  return { id: (created.body as { id: number }).id, user, stream }
}

function sessionRow(user: SessionClient) {
  return eq(userSessions.sessionToken, hashToken(user.sessionCookie?.split('=')[1] ?? ''))
}

describe('the live event stream follows its session', () => {
  it('stays open across heartbeats while the session lives, without sliding its expiry', async () => {
    const { user, stream } = await listeningOperator()
    const db = server.server.database.db
    await db
      .update(userSessions)
      .set({ expiresAt: sql`now() + interval '10 minutes'` })
      .where(sessionRow(user))
    const [before] = await db.select().from(userSessions).where(sessionRow(user))
    await stream.waitForHeartbeats(3)
    expect(stream.isEnded).toBe(false)
    const [after] = await db.select().from(userSessions).where(sessionRow(user))
    // An open tab is not activity: the idle timeout still runs.
    expect(after?.expiresAt.getTime()).toBe(before?.expiresAt.getTime())
  })

  it.each([
    ['the user signs out', async ({ user }: Listener) => void (await user.post('/api/auth/logout'))],
    [
      'the user is deactivated',
      async ({ id }: Listener) =>
        void expect(
          (await admin.request('PUT', `/api/users/${id}`, { json: { isActive: false } })).status,
        ).toBe(200),
    ],
    [
      'the session expires',
      async ({ user }: Listener) =>
        void (await server.server.database.db
          .update(userSessions)
          .set({ expiresAt: sql`now() - interval '1 second'` })
          .where(sessionRow(user))),
    ],
    [
      "the user's role changes",
      async ({ id }: Listener) =>
        void expect(
          (await admin.request('PUT', `/api/users/${id}`, { json: { role: 'viewer' } })).status,
        ).toBe(200),
    ],
  ])('ends when %s', async (_case, act) => {
    const listener = await listeningOperator()
    await act(listener)
    await listener.stream.waitForEnd()
  })

  it("ends when the role's permissions change", async () => {
    const listener = await listeningOperator()
    const changed = await admin.request('PUT', '/api/permissions/roles/operator', {
      json: { permissions: { canViewLogs: true } },
    })
    expect(changed.status).toBe(200)
    await listener.stream.waitForEnd()
  })
})

type Listener = Awaited<ReturnType<typeof listeningOperator>>
