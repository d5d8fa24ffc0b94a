import { QUEUES } from '@common/queues.ts'
import type { Stats } from '@common/stats.ts'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiRequestLogs, messages, webhookLogs } from '../../db/schema.ts'
import { purgeExpiredLogs } from '../../engine/retention.job.ts'
import { INDEXED_LOG_TABLES, indexLogTail } from '../../repositories/log-index.repository.ts'
import { signInScopedOperator } from '../../testing/scoped-user.ts'
import { SessionClient } from '../../testing/session-client.ts'
import { startTestServer, type TestServer } from '../../testing/test-server.ts'

// The unfiltered totals (X-Total-Count of /api/all-request-logs and /api/messages, the stats'
// totalMessages) come from log_counters: kept by triggers for messages (migration
// 0011_log_counters_and_search_text), and for the request logs by the log-index job as it indexes
// their rows, the readers adding the rows not indexed yet (migration 0018_log_index_off_ack_path).
// Each step below changes the rows another way, with some rows indexed and others not, then every
// total must still equal a count(*) of the rows themselves, for the administrator and for an
// operator of one client.

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

/** Indexes at most `rows` rows of each request-log table, as one run of the log-index job would. */
async function indexSome(rows: number): Promise<void> {
  for (const table of INDEXED_LOG_TABLES) await indexLogTail(db(), table, rows)
}

async function unindexedRows(): Promise<number> {
  return countRows(`select (select count(*) from webhook_logs where search_text is null)
    + (select count(*) from api_request_logs where search_text is null) as n`)
}

beforeAll(async () => {
  server = await startTestServer()
  // The test indexes by hand, so each step sees a known mix of indexed and unindexed rows.
  await server.server.boss?.offWork(QUEUES.logIndex)
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

  it('stay exact while the log-index job counts the rows, part at a time', async () => {
    expect(await unindexedRows()).toBe(30)
    await indexSome(5)
    expect(await unindexedRows()).toBe(20)
    expect(await total(admin, '/api/all-request-logs')).toBe(30)
    await expectTotalsExact()
  })

  it('stay exact after log retention deletes old rows, indexed or not', async () => {
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

  it('follow log rows moved to another client, indexed or not, and count them once indexed', async () => {
    await indexSome(3)
    expect(await unindexedRows()).toBeGreaterThan(0)
    await db().execute(sql`update webhook_logs set client_id = 'charlie' where client_id = 'bravo'`)
    await db().execute(sql`update api_request_logs set client_id = null where client_id = 'charlie'`)
    await expectTotalsExact()
    expect(await total(admin, '/api/all-request-logs?clientId=charlie')).toBe(
      await countRows(`select count(*) as n from webhook_logs where client_id = 'charlie'`),
    )
    await indexSome(1000)
    expect(await unindexedRows()).toBe(0)
    await expectTotalsExact()
  })

  it('find a row by free text before and after it is indexed', async () => {
    await db()
      .insert(webhookLogs)
      .values({
        endpoint: '/yelp/webhook',
        method: 'POST',
        statusCode: 200,
        payload: { note: 'Zebra-Quartz 7' },
      })
    const search = async () => {
      const response = await admin.get('/api/all-request-logs?q=zebra-QUARTZ')
      expect(response.status).toBe(200)
      return { total: Number(response.headers.get('x-total-count')), items: response.body as unknown[] }
    }
    expect(await unindexedRows()).toBe(1)
    expect(await search()).toMatchObject({ total: 1, items: [{ payload: { note: 'Zebra-Quartz 7' } }] })
    await indexSome(10)
    expect(await unindexedRows()).toBe(0)
    expect(await search()).toMatchObject({ total: 1, items: [{ payload: { note: 'Zebra-Quartz 7' } }] })
    await expectTotalsExact()
  })

  it('are reset when a table is emptied', async () => {
    await db().execute(sql`truncate table webhook_logs`)
    expect(await total(admin, '/api/all-request-logs?type=webhook')).toBe(0)
    await expectTotalsExact()
  })
})
