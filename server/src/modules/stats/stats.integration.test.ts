import type { LogEntry } from '@common/request-logs.ts'
import type { ActivityHour, Stats, SystemHealth } from '@common/stats.ts'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiRequestLogs, clients, messages, webhookLogs } from '../../db/schema.ts'
import { signInScopedOperator } from '../../testing/scoped-user.ts'
import { SessionClient } from '../../testing/session-client.ts'
import { seedConnection } from '../../testing/stored-connections.ts'
import { startTestServer, type TestServer } from '../../testing/test-server.ts'

// GET /api/stats (docs/spec/product.md §6 definitions), /api/stats/activity, /api/system-health and
// POST /api/test-webhook.

let server: TestServer
let admin: SessionClient
let operator: SessionClient
const db = () => server.server.database.db
const HOUR = 60 * 60 * 1000
const NO_WAITS = { under5Minutes: 0, minutes5To60: 0, hours1To24: 0, over1Day: 0 }

beforeAll(async () => {
  server = await startTestServer()
  admin = new SessionClient(server.url)
  await admin.login(server.adminUsername, server.adminPassword)
  for (const clientId of ['acme', 'bravo', 'charlie'])
    expect((await admin.post('/api/clients', { clientId, name: `${clientId} Co` })).status).toBe(201)
  operator = await signInScopedOperator(server.url, admin, {
    username: 'stats-operator',
    clientIds: ['acme'],
  })
  // acme and bravo fully connected; charlie inactive with only Yelp.
  for (const clientId of ['acme', 'bravo']) {
    await seedConnection(db(), 'yelp', clientId, { accessToken: 'enc:y' })
    await seedConnection(db(), 'ghl', clientId, { accessToken: 'enc:g' })
  }
  await db().update(clients).set({ isActive: false }).where(eq(clients.clientId, 'charlie'))
  await seedConnection(db(), 'yelp', 'charlie', { accessToken: 'enc:y', needsReauth: true })

  const now = Date.now()
  const yesterday = new Date(now - 26 * HOUR)
  const todayStart = new Date(new Date(now).setUTCHours(0, 0, 0, 0))
  const message = (clientId: string, status: string, createdAt: Date, direction = 'inbound') => ({
    clientId,
    direction,
    status,
    createdAt,
  })
  await db()
    .insert(messages)
    .values([
      message('acme', 'success', todayStart),
      message('acme', 'error', new Date(now - 1000), 'outbound'),
      message('acme', 'success', new Date(now - 2000), 'outbound'),
      message('bravo', 'error', new Date(now - 3000)),
      message('bravo', 'error', yesterday),
      message('acme', 'success', yesterday),
    ])
  await db()
    .insert(webhookLogs)
    .values([
      {
        endpoint: '/yelp/webhook',
        method: 'POST',
        statusCode: 401,
        error: 'secret',
        createdAt: new Date(now),
      },
      {
        endpoint: '/yelp/webhook',
        method: 'POST',
        statusCode: 200,
        clientId: 'acme',
        createdAt: new Date(now),
      },
      {
        endpoint: '/yelp/webhook',
        method: 'POST',
        statusCode: 200,
        error: 'lookup failed',
        clientId: 'acme',
        createdAt: new Date(now),
      },
      { endpoint: '/reply', method: 'POST', statusCode: 500, clientId: 'bravo', createdAt: new Date(now) },
      { endpoint: '/reply', method: 'POST', statusCode: 500, clientId: 'acme', createdAt: yesterday },
    ])
})
afterAll(() => server?.close())

describe('GET /api/stats', () => {
  it('answers the seven fields by the docs/spec/product.md §6 definitions, and §9.1 leadsAwaitingReply', async () => {
    const response = await admin.get('/api/stats')
    expect(response.status).toBe(200)
    // Today: 00:00 UTC and three in the last seconds; two of the four in error.
    expect(response.body).toEqual({
      activeClients: 2,
      totalClients: 3,
      messagesToday: 4,
      totalMessages: 6,
      connectedIntegrations: 2,
      webhookErrors: 3,
      errorRate: 50,
      // No lead in this world (waiting leads: waiting-leads.integration.test.ts,
      // response-figures.integration.test.ts).
      leadsAwaitingReply: 0,
      oldestWaitingSince: null,
      waitingAges: NO_WAITS,
      leadsWithDraft: 0,
    } satisfies Stats)
  })

  it('counts only an operator’s clients', async () => {
    const response = await operator.get('/api/stats')
    expect(response.status).toBe(200)
    const body = response.body as Stats
    expect(body).toEqual({
      activeClients: 1,
      totalClients: 1,
      messagesToday: 3,
      totalMessages: 4,
      connectedIntegrations: 1,
      // The refused delivery names no client, so only acme's own error counts.
      webhookErrors: 1,
      // 1 error of 3 messages today, one decimal.
      errorRate: 33.3,
      leadsAwaitingReply: 0,
      oldestWaitingSince: null,
      waitingAges: NO_WAITS,
      leadsWithDraft: 0,
    } satisfies Stats)
  })
})

describe('GET /api/stats/activity', () => {
  it('gives 24 hourly buckets ending now, inbound and outbound apart', async () => {
    const response = await admin.get('/api/stats/activity')
    expect(response.status).toBe(200)
    const hours = response.body as ActivityHour[]
    expect(hours).toHaveLength(24)
    const current = new Date(Math.floor(Date.now() / HOUR) * HOUR).toISOString()
    expect(hours.at(-1)?.hour).toBe(current)
    const totals = hours.reduce(
      (sum, hour) => ({ inbound: sum.inbound + hour.inbound, outbound: sum.outbound + hour.outbound }),
      { inbound: 0, outbound: 0 },
    )
    // Yesterday's (26 h ago) are outside the window; 00:00 UTC today is always inside it.
    expect(totals).toEqual({ inbound: 2, outbound: 2 })
    const operatorHours = (await operator.get('/api/stats/activity')).body as ActivityHour[]
    expect(operatorHours.reduce((sum, hour) => sum + hour.inbound + hour.outbound, 0)).toBe(3)
  })
})

describe('GET /api/system-health', () => {
  it('reports the live checks with what needs attention', async () => {
    await db().insert(apiRequestLogs).values({
      direction: 'outgoing',
      platform: 'ghl',
      endpoint: 'https://services.leadconnectorhq.com/oauth/token',
      method: 'POST',
      statusCode: 401,
      clientId: 'bravo',
    })
    await db().execute(sql`insert into pgboss.job (name, data, state, retry_limit)
      values ('ghl-reply', '{"clientId":"bravo"}'::jsonb, 'failed', 0)`)
    const response = await admin.get('/api/system-health')
    expect(response.status).toBe(200)
    const health = response.body as SystemHealth
    expect(health.state).toBe('warning')
    const check = (key: string) => health.checks.find((each) => each.key === key)
    expect(health.checks.map((each) => each.key)).toEqual([
      'database',
      'queue',
      'deadJobs',
      'lastWebhook',
      'reauth',
      'subscriptions',
      'credentialErrors',
      'ghlDailyLimit',
      'missedWebhooks',
    ])
    expect(check('database')).toMatchObject({
      state: 'ok',
      detail: expect.stringMatching(/^Reachable in \d+ ms$/),
    })
    expect(check('deadJobs')).toMatchObject({
      state: 'warning',
      count: 1,
      detail: expect.stringMatching(/^1 job failed/),
    })
    expect(check('reauth')).toMatchObject({ state: 'warning', count: 1, detail: 'charlie Co (Yelp)' })
    expect(check('credentialErrors')).toMatchObject({
      state: 'warning',
      detail: '1 provider call refused with 401 or 403',
    })
    expect(check('lastWebhook')?.detail).toMatch(/ago \(\d{4}-\d\d-\d\dT/)

    // The operator sees acme only: none of that is theirs.
    const scoped = (await operator.get('/api/system-health')).body as SystemHealth
    expect(scoped.state).toBe('ok')
    expect(scoped.checks.find((each) => each.key === 'deadJobs')?.count).toBe(0)
    expect(scoped.checks.find((each) => each.key === 'reauth')?.count).toBe(0)
  })
})

describe('POST /api/test-webhook', () => {
  it('logs a marked test delivery through the ingest path, with no job and no provider call', async () => {
    const apiCallsBefore = (await db().select().from(apiRequestLogs)).length
    const response = await admin.post('/api/test-webhook')
    expect(response.status, response.text).toBe(200)
    const { ok, logId } = response.body as { ok: boolean; logId: string }
    expect(ok).toBe(true)
    expect(logId).toMatch(/^webhook:\d+$/)
    const entry = (await admin.get(`/api/all-request-logs/${logId}`)).body as LogEntry
    expect(entry).toMatchObject({
      type: 'webhook',
      direction: 'incoming',
      platform: 'yelp',
      endpoint: '/yelp/webhook',
      method: 'POST',
      statusCode: 200,
      error: null,
      payload: { test: true, data: { id: 'leadrelay-test-business' } },
      response: { received: true, test: true, updates: 1 },
    })
    const jobs = (await db().execute(
      sql`select count(*)::int as n from pgboss.job where name = 'yelp-lead-sync'`,
    )) as unknown as { rows: Array<{ n: number }> }
    expect(jobs.rows[0]?.n).toBe(0)
    expect((await db().select().from(apiRequestLogs)).length).toBe(apiCallsBefore)
    // It is the newest entry of the logs, as the screen shows it.
    const newest = (await admin.get('/api/all-request-logs?limit=1')).body as LogEntry[]
    expect(newest[0]?.id).toBe(logId)
  })

  it('is refused to a role without canManageWebhooks', async () => {
    expect((await operator.post('/api/test-webhook')).status).toBe(403)
  })
})
