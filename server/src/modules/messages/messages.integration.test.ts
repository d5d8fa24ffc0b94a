import type { MessageLog } from '@common/messages.ts'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../../db/schema.ts'
import { QUEUES } from '../../engine/queue/queues.ts'
import { signInScopedOperator } from '../../testing/scoped-user.ts'
import { SessionClient } from '../../testing/session-client.ts'
import { startTestServer, type TestServer } from '../../testing/test-server.ts'

// GET /api/messages (docs/spec/dashboard-spec.md §2.11; docs/spec/product.md §2 date filter applied, §6.1 parameters).

let server: TestServer
let admin: SessionClient
let operator: SessionClient
const id: Record<string, number> = {}
let deadReplyJob = ''

beforeAll(async () => {
  server = await startTestServer()
  admin = new SessionClient(server.url)
  await admin.login(server.adminUsername, server.adminPassword)
  for (const [clientId, name] of [
    ['acme', 'Acme Roofing'],
    ['bravo', 'Bravo Plumbing'],
  ] as const)
    expect((await admin.post('/api/clients', { clientId, name })).status).toBe(201)
  operator = await signInScopedOperator(server.url, admin, { username: 'msg-operator', clientIds: ['acme'] })
  const db = server.server.database.db
  const rows = await db
    .insert(messages)
    .values([
      {
        clientId: 'acme',
        direction: 'inbound',
        platform: 'yelp',
        messageId: 'ev-1',
        content: 'Need a new roof',
        status: 'success',
        metadata: { leadId: 'lead-1' },
        createdAt: new Date('2026-03-09T23:59:59.999Z'),
      },
      {
        clientId: 'acme',
        direction: 'outbound',
        platform: 'ghl',
        messageId: 'ghl-1',
        content: 'We can come Tuesday',
        status: 'error',
        metadata: { leadId: 'lead-1', error: 'Yelp refused: 403 lead archived' },
        createdAt: new Date('2026-03-10T00:00:00.000Z'),
      },
      {
        clientId: 'bravo',
        direction: 'inbound',
        platform: 'yelp',
        messageId: 'ev-2',
        content: 'Leaking pipe, 100% urgent',
        status: 'pending',
        metadata: { leadId: 'lead-2' },
        createdAt: new Date('2026-03-10T12:00:00.000Z'),
      },
      {
        clientId: 'bravo',
        direction: 'inbound',
        platform: 'yelp',
        messageId: 'ev-3',
        content: 'Still leaking',
        status: 'error',
        metadata: { leadId: 'lead-2', error: 'GHL answered 500' },
        createdAt: new Date('2026-03-10T23:59:59.999Z'),
      },
      {
        clientId: 'acme',
        direction: 'inbound',
        platform: 'yelp',
        messageId: 'ev-4',
        content: 'Thanks!',
        status: 'success',
        metadata: { leadId: 'lead-3' },
        createdAt: new Date('2026-03-11T00:00:00.000Z'),
      },
    ])
    .returning({ id: messages.id })
  ;['m1', 'm2', 'm3', 'm4', 'm5'].forEach((name, i) => {
    id[name] = rows[i]?.id ?? 0
  })
  // A dead reply job for m2 (its attempts used up), written as pg-boss leaves one.
  const result = (await db.execute(sql`insert into pgboss.job (name, data, state, retry_limit, output)
    values (${QUEUES.reply}, ${JSON.stringify({ clientId: 'acme', leadId: 'lead-1', messageRowId: id.m2 })}::jsonb,
      'failed', 0, '{"message":"Yelp refused"}'::jsonb) returning id::text as id`)) as unknown as {
    rows: Array<{ id: string }>
  }
  deadReplyJob = result.rows[0]?.id ?? ''
})
afterAll(() => server?.close())

async function list(client: SessionClient, query = '') {
  const response = await client.get(`/api/messages${query}`)
  expect(response.status, response.text).toBe(200)
  return {
    items: response.body as MessageLog[],
    total: Number(response.headers.get('x-total-count')),
    next: response.headers.get('x-next-cursor'),
  }
}
const names = (items: MessageLog[]) => items.map((m) => Object.keys(id).find((k) => id[k] === m.id))

describe('GET /api/messages', () => {
  it('lists messages newest first with client name, lead, error reason and the job to retry', async () => {
    const { items, total, next } = await list(admin)
    expect(names(items)).toEqual(['m5', 'm4', 'm3', 'm2', 'm1'])
    expect(total).toBe(5)
    expect(next).toBeNull()
    expect(items.find((m) => m.id === id.m2)).toMatchObject({
      clientId: 'acme',
      clientName: 'Acme Roofing',
      direction: 'outbound',
      status: 'error',
      content: 'We can come Tuesday',
      leadId: 'lead-1',
      error: 'Yelp refused: 403 lead archived',
      retryJobId: deadReplyJob,
      createdAt: '2026-03-10T00:00:00.000Z',
    })
    // In error, but no dead job would deliver it again: no retry offered.
    expect(items.find((m) => m.id === id.m4)).toMatchObject({ error: 'GHL answered 500', retryJobId: null })
    expect(items.find((m) => m.id === id.m1)).toMatchObject({ error: null, retryJobId: null })
  })

  it.each([
    ['?clientId=bravo', ['m4', 'm3']],
    ['?direction=outbound', ['m2']],
    ['?direction=inbound&status=success', ['m5', 'm1']],
    ['?status=error', ['m4', 'm2']],
    ['?status=pending', ['m3']],
    // The whole UTC day, both ends included.
    ['?date=2026-03-10', ['m4', 'm3', 'm2']],
    ['?date=2026-03-09', ['m1']],
    ['?from=2026-03-10&to=2026-03-11', ['m5', 'm4', 'm3', 'm2']],
    ['?to=2026-03-09', ['m1']],
    ['?from=2026-03-10T12:00:00Z&to=2026-03-10T23:59:59.999Z', ['m4', 'm3']],
    ['?q=LEAKING', ['m4', 'm3']],
    ['?q=100%25', ['m3']],
    ['?q=lead-2', ['m4', 'm3']],
    ['?q=archived', ['m2']],
    ['?q=nothing-like-this', []],
  ])('filters %s on the server', async (query, expected) => {
    const { items, total } = await list(admin, query)
    expect(names(items)).toEqual(expected)
    expect(total).toBe(expected.length)
  })

  it('pages with the cursor through every message once, in order', async () => {
    const seen: Array<string | undefined> = []
    let cursor: string | null = null
    let pages = 0
    do {
      const page = await list(admin, `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
      expect(page.total).toBe(5)
      seen.push(...names(page.items))
      cursor = page.next
      pages++
    } while (cursor && pages < 10)
    expect(pages).toBe(3)
    expect(seen).toEqual(['m5', 'm4', 'm3', 'm2', 'm1'])
  })

  it.each([
    ['?direction=sideways', 'direction: must be inbound or outbound'],
    ['?status=done', 'status: must be one of success, pending, error'],
    ['?date=2026-02-30', 'date: must be a date as YYYY-MM-DD'],
    ['?date=2026-03-10&from=2026-03-01', 'date: cannot be combined with from or to'],
    ['?from=soon', 'from: must be a date as YYYY-MM-DD or an ISO timestamp'],
    ['?limit=-1', 'limit: limit must be 1 to 500'],
    ['?cursor=%7B%7D', 'cursor: is not a valid cursor'],
  ])('refuses %s with 400 naming the field', async (query, error) => {
    const response = await admin.get(`/api/messages${query}`)
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ error })
  })

  it('shows an operator only the messages of its clients, in the list and the count', async () => {
    const { items, total } = await list(operator)
    expect(names(items)).toEqual(['m5', 'm2', 'm1'])
    expect(total).toBe(3)
    const other = await list(operator, '?clientId=bravo')
    expect(other.items).toEqual([])
    expect(other.total).toBe(0)
  })
})
