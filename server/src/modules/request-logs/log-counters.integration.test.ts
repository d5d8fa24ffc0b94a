import type { Stats } from '@common/stats.ts'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiRequestLogs, messages, webhookLogs } from '../../db/schema.ts'
import { purgeExpiredLogs } from '../../engine/retention.job.ts'
import { signInScopedOperator } from '../../testing/scoped-user.ts'
import { SessionClient } from '../../testing/session-client.ts'
import { startTestServer, type TestServer } from '../../testing/test-server.ts'

// The unfiltered totals (X-Total-Count of /api/all-request-logs and /api/messages, the stats'
// totalMessages) come from log_counters, kept by triggers (migration 0011_log_counters_and_search_text). Each
// step below changes the rows another way, then every total must still equal a count(*) of the
// rows themselves, for the administrator and for an operator of one client.

let server: TestServer
let admin: SessionClient
let operator: SessionClient
const db = () => server.server.database.db
const DAY = 24 * 60 * 60 * 1000

async function countRows(query: string): Promise<number> {
  const result = (await db().execute(sql.raw(query))) as unknown as { rows: Array<{ n: unknown }> }
  return Number(result.rows[0]?.n)
}

async function total(client: SessionClient, path: string): Promise<number> {
  const response = await client.get(path)
  expect(response.status).toBe(200)
  return Number(response.headers.get('x-total-count'))
}

/** Every total the counters answer, against the rows, for both callers. */
async function expectTotalsExact(): Promise<void> {
  const logs = await countRows(
    'select (select count(*) from webhook_logs) + (select count(*) from api_request_logs) as n',
  )
  const acmeLogs = await countRows(`select (select count(*) from webhook_logs where client_id = 'acme')
    + (select count(*) from api_request_logs where client_id = 'acme') as n`)
  const allMessages = await countRows('select count(*) as n from messages')
  const acmeMessages = await countRows(`select count(*) as n from messages where client_id = 'acme'`)
  const webhooks = await countRows('select count(*) as n from webhook_logs')
  // The operator is assigned acme only; once acme is deleted, nothing (its logs stay for admins).
  const assigned = (await countRows(`select count(*) as n from clients where client_id = 'acme'`)) > 0
  expect(await total(admin, '/api/all-request-logs')).toBe(logs)
  expect(await total(admin, '/api/all-request-logs?type=webhook')).toBe(webhooks)
  expect(await total(admin, '/api/all-request-logs?clientId=acme')).toBe(acmeLogs)
  expect(await total(operator, '/api/all-request-logs')).toBe(assigned ? acmeLogs : 0)
  expect(await total(admin, '/api/messages')).toBe(allMessages)
  expect(await total(admin, '/api/messages?clientId=acme')).toBe(acmeMessages)
  expect(await total(operator, '/api/messages')).toBe(assigned ? acmeMessages : 0)
  expect(((await admin.get('/api/stats')).body as Stats).totalMessages).toBe(allMessages)
  expect(((await operator.get('/api/stats')).body as Stats).totalMessages).toBe(assigned ? acmeMessages : 0)
}

beforeAll(async () => {
  server = await startTestServer()
  admin = new SessionClient(server.url)
  await admin.login(server.adminUsername, server.adminPassword)
  for (const clientId of ['acme', 'bravo', 'charlie'])
    expect((await admin.post('/api/clients', { clientId, name: clientId })).status).toBe(201)
  operator = await signInScopedOperator(server.url, admin, {
    username: 'counters-operator',
    clientIds: ['acme'],
    grant: ['canViewWebhooks'],
  })
})
afterAll(() => server?.close())

describe('log counters', () => {
  it('count batched inserts of several clients, and rows without a client', async () => {
    const old = new Date(Date.now() - 400 * DAY)
    const clientOf = (i: number) => ['acme', 'bravo', 'charlie'][i % 3] as string
    await db()
      .insert(messages)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          clientId: clientOf(i),
          direction: i % 2 ? 'inbound' : 'outbound',
          status: 'success',
          createdAt: i < 12 ? old : new Date(),
        })),
      )
    await db()
      .insert(webhookLogs)
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          endpoint: '/yelp/webhook',
          method: 'POST',
          statusCode: 200,
          clientId: i % 4 === 0 ? null : clientOf(i),
          createdAt: i < 8 ? old : new Date(),
        })),
      )
    await db()
      .insert(apiRequestLogs)
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          direction: 'outgoing',
          endpoint: 'https://api.yelp.com/v3/leads/x/events',
          method: 'GET',
          statusCode: 200,
          clientId: clientOf(i),
          createdAt: i < 4 ? old : new Date(),
        })),
      )
    // One row at a time too, as the engine writes them.
    await db().insert(messages).values({ clientId: 'acme', direction: 'inbound', status: 'pending' })
    expect(await total(admin, '/api/all-request-logs')).toBe(30)
    expect(await total(admin, '/api/messages')).toBe(31)
    await expectTotalsExact()
  })

  it('stay exact after log retention deletes the old rows', async () => {
    const deleted = await purgeExpiredLogs(db())
    expect(deleted).toEqual({ webhook_logs: 8, api_request_logs: 4, messages: 12 })
    await expectTotalsExact()
  })

  it('follow a client id renamed through the foreign key, and a deleted client', async () => {
    await db().execute(sql`update clients set client_id = 'bravo-2' where client_id = 'bravo'`)
    expect(await countRows(`select count(*) as n from messages where client_id = 'bravo-2'`)).toBeGreaterThan(
      0,
    )
    expect(await total(admin, '/api/messages?clientId=bravo-2')).toBe(
      await countRows(`select count(*) as n from messages where client_id = 'bravo-2'`),
    )
    expect((await admin.request('DELETE', '/api/clients/acme')).status).toBeLessThan(300)
    await expectTotalsExact()
    expect(await total(admin, '/api/messages?clientId=acme')).toBe(0)
  })

  it('are reset when a table is emptied', async () => {
    await db().execute(sql`truncate table webhook_logs`)
    expect(await total(admin, '/api/all-request-logs?type=webhook')).toBe(0)
    await expectTotalsExact()
  })
})
