import { directionOfEndpoint, type LogEntry } from '@common/request-logs.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiRequestLogs, webhookLogs } from '../../db/schema.ts'
import { signInScopedOperator } from '../../testing/scoped-user.ts'
import { SessionClient } from '../../testing/session-client.ts'
import { startTestServer, type TestServer } from '../../testing/test-server.ts'

// GET /api/all-request-logs, /endpoints and /{id} (docs/spec/dashboard-spec.md §2.12, §3.2; docs/spec/product.md §6.1).

let server: TestServer
let admin: SessionClient
let operator: SessionClient
const ids: Record<string, string> = {}
const at = (time: string) => new Date(`2026-03-10T${time}Z`)
const BIG = 'x'.repeat(20_000)

beforeAll(async () => {
  server = await startTestServer()
  admin = new SessionClient(server.url)
  await admin.login(server.adminUsername, server.adminPassword)
  for (const clientId of ['acme', 'bravo'])
    expect((await admin.post('/api/clients', { clientId, name: clientId })).status).toBe(201)
  operator = await signInScopedOperator(server.url, admin, {
    username: 'logs-operator',
    clientIds: ['acme'],
    grant: ['canViewWebhooks'],
  })
  const db = server.server.database.db
  const webhooks = await db
    .insert(webhookLogs)
    .values([
      {
        endpoint: '/yelp/webhook',
        method: 'POST',
        statusCode: 200,
        payload: { data: { id: 'acme-biz' } },
        response: { received: true },
        clientId: 'acme',
        createdAt: at('08:00:00.000'),
      },
      {
        endpoint: '/reply',
        method: 'POST',
        statusCode: 401,
        payload: { raw: 'no signature' },
        response: { error: 'Bad signature' },
        error: 'Bad signature',
        createdAt: at('09:00:00.000'),
      },
      {
        endpoint: '/internal/cron',
        method: 'GET',
        statusCode: 302,
        payload: null,
        response: null,
        clientId: 'acme',
        createdAt: at('10:00:00.000'),
      },
      {
        endpoint: 'https://api.yelp.com/v3/businesses/subscriptions',
        method: 'POST',
        statusCode: null,
        payload: { business_ids: ['bravo-biz'] },
        response: null,
        clientId: 'bravo',
        createdAt: new Date('2026-03-11T00:00:00.000Z'),
      },
    ])
    .returning({ id: webhookLogs.id })
  const apis = await db
    .insert(apiRequestLogs)
    .values([
      {
        direction: 'outgoing',
        platform: 'yelp',
        endpoint: 'https://api.yelp.com/v3/leads/L1',
        method: 'GET',
        statusCode: 200,
        clientId: 'acme',
        // Written before redaction existed: the read path redacts too.
        requestHeaders: { authorization: 'Bearer live-token', accept: 'application/json' },
        responseHeaders: { 'set-cookie': 'sid=abc', 'content-type': 'application/json' },
        requestBody: null,
        responseBody: { id: 'L1' },
        duration: 120,
        // Same instant as the first webhook: the api entry sorts first.
        createdAt: at('08:00:00.000'),
      },
      {
        direction: 'outgoing',
        platform: 'ghl',
        endpoint: 'https://services.leadconnectorhq.com/conversations/messages/inbound',
        method: 'POST',
        statusCode: 422,
        clientId: 'bravo',
        requestBody: { message: BIG },
        responseBody: { message: 'Unprocessable' },
        error: 'HTTP 422: Unprocessable',
        duration: 80,
        createdAt: at('23:59:59.999'),
      },
    ])
    .returning({ id: apiRequestLogs.id })
  ;['wYelp', 'wReply', 'wInternal', 'wSubscribe'].forEach((name, i) => {
    ids[name] = `webhook:${webhooks[i]?.id}`
  })
  ;['aYelp', 'aGhl'].forEach((name, i) => {
    ids[name] = `api:${apis[i]?.id}`
  })
})
afterAll(() => server?.close())

async function list(client: SessionClient, query = '') {
  const response = await client.get(`/api/all-request-logs${query}`)
  expect(response.status, response.text).toBe(200)
  return {
    entries: response.body as LogEntry[],
    total: Number(response.headers.get('x-total-count')),
    next: response.headers.get('x-next-cursor'),
  }
}
const names = (entries: LogEntry[]) =>
  entries.map((entry) => Object.keys(ids).find((name) => ids[name] === entry.id) ?? entry.id)

describe('GET /api/all-request-logs', () => {
  it('merges both tables newest first into the §3.2 shape, api before webhook at the same instant', async () => {
    const { entries, total, next } = await list(admin)
    expect(names(entries)).toEqual(['wSubscribe', 'aGhl', 'wInternal', 'wReply', 'aYelp', 'wYelp'])
    expect(total).toBe(6)
    expect(next).toBeNull()
    const yelpCall = entries.find((entry) => entry.id === ids.aYelp)
    expect(yelpCall).toEqual({
      id: ids.aYelp,
      type: 'api',
      direction: 'outgoing',
      platform: 'yelp',
      endpoint: 'https://api.yelp.com/v3/leads/L1',
      method: 'GET',
      statusCode: 200,
      duration: 120,
      clientId: 'acme',
      error: null,
      createdAt: '2026-03-10T08:00:00.000Z',
      payload: null,
      response: null,
      requestBody: null,
      responseBody: { id: 'L1' },
      requestHeaders: { authorization: '[redacted]', accept: 'application/json' },
      responseHeaders: { 'set-cookie': '[redacted]', 'content-type': 'application/json' },
      truncated: false,
    })
    expect(entries.find((entry) => entry.id === ids.wReply)).toMatchObject({
      type: 'webhook',
      direction: 'incoming',
      platform: 'ghl',
      statusCode: 401,
      error: 'Bad signature',
      payload: { raw: 'no signature' },
      duration: null,
      requestHeaders: null,
    })
  })

  it.each([
    ['/yelp/webhook', 'incoming'],
    ['/reply', 'incoming'],
    ['/internal/cron', 'internal'],
    ['https://api.yelp.com/v3/businesses/subscriptions', 'outgoing'],
  ])('applies the §2.12 direction rule to the webhook endpoint %s → %s', async (endpoint, direction) => {
    const { entries } = await list(admin, `?type=webhook&endpoint=${encodeURIComponent(endpoint)}`)
    expect(entries.map((entry) => entry.direction)).toEqual([direction])
    expect(directionOfEndpoint(endpoint)).toBe(direction)
  })

  it('cuts list bodies at 10 KB and returns the entry whole by id', async () => {
    const { entries } = await list(admin, '?type=api&clientId=bravo')
    const cut = entries[0]
    expect(cut?.truncated).toBe(true)
    expect(typeof cut?.requestBody).toBe('string')
    expect(String(cut?.requestBody)).toHaveLength(10 * 1024)
    const whole = await admin.get(`/api/all-request-logs/${ids.aGhl}`)
    expect(whole.status).toBe(200)
    expect(whole.body).toMatchObject({ truncated: false, requestBody: { message: BIG } })
  })

  it.each([
    ['?direction=incoming', ['wReply', 'wYelp']],
    ['?direction=outgoing', ['wSubscribe', 'aGhl', 'aYelp']],
    ['?direction=internal', ['wInternal']],
    ['?type=api', ['aGhl', 'aYelp']],
    ['?type=webhook&direction=outgoing', ['wSubscribe']],
    ['?endpoint=%2Freply', ['wReply']],
    ['?clientId=acme', ['wInternal', 'aYelp', 'wYelp']],
    ['?q=signature', ['wReply']],
    ['?q=422', ['aGhl']],
    ['?q=UNPROCESSABLE', ['aGhl']],
    ['?q=acme-biz', ['wYelp']],
    ['?q=leadconnectorhq', ['aGhl']],
    ['?q=50%25', []],
    ['?q=GET', ['wInternal', 'aYelp']],
    ['?from=2026-03-10&to=2026-03-10', ['aGhl', 'wInternal', 'wReply', 'aYelp', 'wYelp']],
    ['?from=2026-03-11', ['wSubscribe']],
    ['?to=2026-03-09', []],
    ['?from=2026-03-10T09:00:00Z&to=2026-03-10T10:00:00Z', ['wInternal', 'wReply']],
  ])('filters %s on the server', async (query, expected) => {
    const { entries, total } = await list(admin, query)
    expect(names(entries)).toEqual(expected)
    expect(total).toBe(expected.length)
  })

  it('pages with the cursor through every entry once, in order', async () => {
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const page = await list(admin, `?limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
      expect(page.total).toBe(6)
      seen.push(...names(page.entries))
      cursor = page.next
      pages++
    } while (cursor && pages < 10)
    expect(pages).toBe(2)
    expect(seen).toEqual(['wSubscribe', 'aGhl', 'wInternal', 'wReply', 'aYelp', 'wYelp'])
    const byOne: string[] = []
    cursor = null
    for (let i = 0; i < 6; i++) {
      const page = await list(admin, `?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
      byOne.push(...names(page.entries))
      cursor = page.next
    }
    expect(byOne).toEqual(seen)
    expect(cursor).toBeNull()
  })

  it.each([
    ['?direction=sideways', 'direction: must be one of incoming, outgoing, internal'],
    ['?type=sms', 'type: must be api or webhook'],
    ['?limit=0', 'limit: limit must be 1 to 500'],
    ['?limit=501', 'limit: limit must be 1 to 500'],
    ['?limit=ten', 'limit: limit must be a number'],
    ['?from=2026-13-01', 'from: must be a date as YYYY-MM-DD or an ISO timestamp'],
    ['?to=yesterday', 'to: must be a date as YYYY-MM-DD or an ISO timestamp'],
    ['?cursor=bm9wZQ', 'cursor: is not a valid cursor'],
    [`?q=${'a'.repeat(201)}`, 'q: must be at most 200 characters'],
  ])('refuses %s with 400 naming the field', async (query, error) => {
    const response = await admin.get(`/api/all-request-logs${query}`)
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ error })
  })

  it('scopes entries, counts, endpoints and single entries to the operator’s clients', async () => {
    const { entries, total } = await list(operator)
    expect(names(entries)).toEqual(['wInternal', 'aYelp', 'wYelp'])
    expect(total).toBe(3)
    expect(names((await list(operator, '?clientId=bravo')).entries)).toEqual([])
    const endpoints = await operator.get('/api/all-request-logs/endpoints')
    expect(endpoints.body).toEqual(['/internal/cron', '/yelp/webhook', 'https://api.yelp.com/v3/leads/L1'])
    expect((await operator.get(`/api/all-request-logs/${ids.aGhl}`)).status).toBe(404)
    expect((await operator.get(`/api/all-request-logs/${ids.aYelp}`)).status).toBe(200)
  })
})

describe('GET /api/all-request-logs/endpoints and /{id}', () => {
  it('lists every distinct endpoint, sorted', async () => {
    const response = await admin.get('/api/all-request-logs/endpoints')
    expect(response.body).toEqual([
      '/internal/cron',
      '/reply',
      '/yelp/webhook',
      'https://api.yelp.com/v3/businesses/subscriptions',
      'https://api.yelp.com/v3/leads/L1',
      'https://services.leadconnectorhq.com/conversations/messages/inbound',
    ])
  })

  it.each([
    ['webhook:0', 400, 'id: must be a log id such as webhook:42 or api:17'],
    ['sms:1', 400, 'id: must be a log id such as webhook:42 or api:17'],
    ['api:999999', 404, 'Log entry api:999999 not found'],
  ])('%s → %i', async (id, status, error) => {
    const response = await admin.get(`/api/all-request-logs/${id}`)
    expect(response.status).toBe(status)
    expect(response.body).toEqual({ error })
  })
})
