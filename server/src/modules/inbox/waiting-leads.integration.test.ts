import { clientStatsListSchema } from '@common/client-stats.ts'
import { type Lead, leadListSchema } from '@common/leads.ts'
import type { Stats } from '@common/stats.ts'
import { TZDate } from '@date-fns/tz'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { leadConversationTimes } from '../../engine/lead-figures/lead-waits.ts'
import { toLeadFields } from '../../engine/lead-sync/lead-mapper.ts'
import { type YelpEvent, yelpLeadSchema } from '../../integrations/yelp/yelp.schemas.ts'
import { yelpLeadMessage, yelpLeadSnapshot } from '../../integrations/yelp/yelp-lead-source.ts'
import { insertDraft, takeDraft } from '../../repositories/lead-drafts.repository.ts'
import { recordBusinessMessage, saveLeadWaits } from '../../repositories/lead-waits.repository.ts'
import { upsertLead } from '../../repositories/leads.repository.ts'
import { signInScopedOperator } from '../../testing/scoped-user.ts'
import { SessionClient } from '../../testing/session-client.ts'
import { startTestServer, type TestServer } from '../../testing/test-server.ts'

// Waiting leads and Yelp's own response figures (docs/spec/product.md §9.1): `waitingSince` on
// every lead, `needsReply` and `sort=waiting`, `leadsAwaitingReply`, and per client
// `yelpResponseTime` / `responseRate`, over leads stored exactly as the lead sync stores them.

let server: TestServer
let admin: SessionClient
let operator: SessionClient
const db = () => server.server.database.db
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const NOW = Date.now()
const ago = (ms: number) => new Date(NOW - ms).toISOString()

type Turn = ['CONSUMER' | 'BIZ', string]

/** Stores a lead the way the lead sync does: its fields from the mapper, then its waits. */
async function store(clientId: string, leadId: string, turns: Turn[]) {
  const events: YelpEvent[] = turns.map(([who, at], i) => ({
    id: `${leadId}-e${i}`,
    event_type: 'TEXT',
    user_type: who,
    user_display_name: who === 'BIZ' ? 'Biz' : 'Maria',
    time_created: at,
    event_content: { text: `message ${i}` },
  }))
  const first = turns[0]?.[1] ?? ago(0)
  const lead = yelpLeadSchema.parse({
    id: leadId,
    business_id: `${clientId}-biz`,
    time_created: first,
    last_event_time: turns.at(-1)?.[1] ?? first,
    user: { display_name: 'Maria Lopez' },
    project: { job_names: ['Roof repair'] },
  })
  const messages = events.map(yelpLeadMessage)
  await upsertLead(db(), toLeadFields(clientId, 'yelp', yelpLeadSnapshot(lead), messages))
  await saveLeadWaits(db(), clientId, leadId, leadConversationTimes(messages).waits)
}

async function list(client: SessionClient, query: string) {
  const response = await client.get(`/api/leads${query}`)
  expect(response.status, response.text).toBe(200)
  return { leads: leadListSchema.parse(response.body), next: response.headers.get('x-next-cursor') }
}

const waitingOf = (leads: Lead[]) => Object.fromEntries(leads.map((lead) => [lead.leadId, lead.waitingSince]))

beforeAll(async () => {
  server = await startTestServer()
  admin = new SessionClient(server.url)
  await admin.login(server.adminUsername, server.adminPassword)
  for (const clientId of ['acme', 'bravo'])
    expect((await admin.post('/api/clients', { clientId, name: `${clientId} Co` })).status).toBe(201)
  operator = await signInScopedOperator(server.url, admin, {
    username: 'wait-operator',
    clientIds: ['bravo'],
  })
  // Waiting since its first message (never answered).
  await store('acme', 'w-new', [['CONSUMER', ago(3 * HOUR)]])
  // Answered, then the consumer wrote twice: waiting since the first of the two.
  await store('acme', 'w-again', [
    ['CONSUMER', ago(5 * HOUR)],
    ['BIZ', ago(4 * HOUR)],
    ['CONSUMER', ago(2 * HOUR)],
    ['CONSUMER', ago(1 * HOUR)],
  ])
  // The business spoke last.
  await store('acme', 'answered', [
    ['CONSUMER', ago(6 * HOUR)],
    ['BIZ', ago(5 * HOUR)],
  ])
  // The consumer spoke last, but the lead is converted: not waiting.
  await store('acme', 'converted', [['CONSUMER', ago(7 * HOUR)]])
  expect(
    (await admin.request('PATCH', '/api/leads/converted/status', { json: { status: 'converted' } })).status,
  ).toBe(200)
  // Another client's waiting lead, longest of all.
  await store('bravo', 'w-bravo', [['CONSUMER', ago(9 * HOUR)]])
})
afterAll(() => server?.close())

describe('waitingSince', () => {
  it('is the oldest unanswered consumer message while the status is open, else null', async () => {
    const { leads } = await list(admin, '')
    expect(waitingOf(leads)).toEqual({
      'w-new': ago(3 * HOUR),
      'w-again': ago(2 * HOUR),
      answered: null,
      converted: null,
      'w-bravo': ago(9 * HOUR),
    })
  })

  it('clears when the hub delivers a reply before Yelp echoes it, and a resync keeps it clear', async () => {
    await store('acme', 'echo-late', [['CONSUMER', ago(50 * MINUTE)]])
    await recordBusinessMessage(db(), 'acme', 'echo-late', new Date(NOW - 40 * MINUTE))
    // The next sync still has only the consumer's message: the delivered reply answers it.
    await store('acme', 'echo-late', [['CONSUMER', ago(50 * MINUTE)]])
    expect((await admin.get('/api/leads/echo-late')).body).toMatchObject({ waitingSince: null })
    // The consumer writes again after the reply: waiting since that message.
    await store('acme', 'echo-late', [
      ['CONSUMER', ago(50 * MINUTE)],
      ['CONSUMER', ago(10 * MINUTE)],
    ])
    expect((await admin.get('/api/leads/echo-late')).body).toMatchObject({ waitingSince: ago(10 * MINUTE) })
    await recordBusinessMessage(db(), 'acme', 'echo-late', new Date(NOW))
  })
})

describe('GET /api/leads?needsReply=true&sort=waiting', () => {
  it('lists the waiting leads alone, longest waiting first, with their count', async () => {
    const response = await admin.get('/api/leads?needsReply=true&sort=waiting')
    expect(response.headers.get('x-total-count')).toBe('3')
    expect(leadListSchema.parse(response.body).map((lead) => lead.leadId)).toEqual([
      'w-bravo',
      'w-new',
      'w-again',
    ])
  })

  it('pages any list by waiting, the leads not waiting last, without gaps or repeats', async () => {
    const seen: string[] = []
    let cursor: string | null = ''
    while (cursor !== null) {
      const page = await list(admin, `?sort=waiting&limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      seen.push(...page.leads.map((lead) => lead.leadId))
      cursor = page.next
    }
    expect(seen.slice(0, 3)).toEqual(['w-bravo', 'w-new', 'w-again'])
    expect(new Set(seen.slice(3))).toEqual(new Set(['answered', 'converted', 'echo-late']))
    expect(seen).toHaveLength(6)
  })

  it('is scoped to the caller’s clients', async () => {
    const { leads } = await list(operator, '?needsReply=true')
    expect(leads.map((lead) => lead.leadId)).toEqual(['w-bravo'])
  })

  it.each([
    ['?needsReply=yes', /^needsReply: must be true or false/],
    ['?sort=oldest', /^sort: must be one of activity, waiting/],
  ])('refuses %s with a 400 naming the parameter', async (query, message) => {
    const response = await admin.get(`/api/leads${query}`)
    expect(response.status).toBe(400)
    expect((response.body as { error: string }).error).toMatch(message)
  })
})

describe('GET /api/leads?hasDraft=true ("Draft ready")', () => {
  it('marks the leads with a draft waiting, lists them alone with their count, and combines with needsReply', async () => {
    await insertDraft(db(), {
      id: 'dr-1',
      clientId: 'acme',
      leadId: 'w-again',
      kind: 'first_reply',
      text: 'Hi!',
    })
    await insertDraft(db(), {
      id: 'dr-2',
      clientId: 'acme',
      leadId: 'answered',
      kind: 'follow_up',
      text: 'Still?',
    })
    await insertDraft(db(), { id: 'dr-3', clientId: 'bravo', leadId: 'w-bravo', kind: 'ai', text: 'Hello' })
    try {
      const all = await list(admin, '')
      expect(Object.fromEntries(all.leads.map((lead) => [lead.leadId, lead.hasDraft]))).toMatchObject({
        'w-again': true,
        answered: true,
        'w-bravo': true,
        'w-new': false,
        converted: false,
      })
      const drafts = await admin.get('/api/leads?hasDraft=true&sort=waiting')
      expect(drafts.headers.get('x-total-count')).toBe('3')
      expect(leadListSchema.parse(drafts.body).map((lead) => lead.leadId)).toEqual([
        'w-bravo',
        'w-again',
        'answered',
      ])
      const waiting = await admin.get('/api/leads?hasDraft=true&needsReply=true&clientId=acme')
      expect(leadListSchema.parse(waiting.body).map((lead) => lead.leadId)).toEqual(['w-again'])
      // Scoped like every list: the operator sees bravo's alone.
      expect((await list(operator, '?hasDraft=true')).leads.map((lead) => lead.leadId)).toEqual(['w-bravo'])
      // The dashboard's waiting strip counts them, scoped the same way.
      expect(((await admin.get('/api/stats')).body as Stats).leadsWithDraft).toBe(3)
      expect(((await operator.get('/api/stats')).body as Stats).leadsWithDraft).toBe(1)
      const bad = await admin.get('/api/leads?hasDraft=yes')
      expect(bad.status).toBe(400)
      expect((bad.body as { error: string }).error).toMatch(/^hasDraft: must be true or false/)
    } finally {
      for (const [leadId, id] of [
        ['w-again', 'dr-1'],
        ['answered', 'dr-2'],
        ['w-bravo', 'dr-3'],
      ] as const)
        await takeDraft(db(), leadId, id)
    }
  })
})

describe('leadsAwaitingReply', () => {
  it('counts the waiting leads the caller may see', async () => {
    expect(((await admin.get('/api/stats')).body as Stats).leadsAwaitingReply).toBe(3)
    expect(((await operator.get('/api/stats')).body as Stats).leadsAwaitingReply).toBe(1)
  })
})

describe("Yelp's response time and rate", () => {
  it('counts only 08:00-18:00 in the client timezone and leaves out fresh unanswered messages', async () => {
    expect((await admin.post('/api/clients', { clientId: 'yelpfig', name: 'Figures Co' })).status).toBe(201)
    const playbook = await admin.get('/api/clients/yelpfig/playbook')
    const saved = await admin.request('PUT', '/api/clients/yelpfig/playbook', {
      json: {
        ...(playbook.body as object),
        timezone: 'America/New_York',
      },
    })
    expect(saved.status, saved.text).toBe(200)
    // Wall-clock times in New York, days counted back from a week ago (within the 30 days).
    const week = new TZDate(NOW - 7 * 24 * HOUR, 'America/New_York')
    const at = (day: number, hours: number, minutes: number) =>
      new TZDate(
        week.getFullYear(),
        week.getMonth(),
        week.getDate() + day,
        hours,
        minutes,
        'America/New_York',
      ).toISOString()
    // Asked 17:30, answered 08:30 the next day: 30 + 30 business minutes = 3600 s.
    await store('yelpfig', 'f-night', [
      ['CONSUMER', at(0, 17, 30)],
      ['BIZ', at(1, 8, 30)],
    ])
    // Asked 22:00 (closed: the clock starts at 08:00), answered 08:10: 600 s.
    await store('yelpfig', 'f-late', [
      ['CONSUMER', at(1, 22, 0)],
      ['BIZ', at(2, 8, 10)],
    ])
    // Asked at 10:00, answered 10:20: 1200 s.
    await store('yelpfig', 'f-day', [
      ['CONSUMER', at(3, 10, 0)],
      ['BIZ', at(3, 10, 20)],
    ])
    // Unanswered for two days: counts against the rate. Unanswered for an hour: not yet.
    await store('yelpfig', 'f-open', [['CONSUMER', ago(48 * HOUR)]])
    await store('yelpfig', 'f-fresh', [['CONSUMER', ago(HOUR)]])
    const response = await admin.get('/api/stats/clients')
    expect(response.status, response.text).toBe(200)
    const figures = clientStatsListSchema.parse(response.body).clients.find((c) => c.clientId === 'yelpfig')
    expect(figures).toMatchObject({ yelpResponseTime: 1200, responseRate: 75 })
  })

  it('is null for a client with nothing to measure', async () => {
    const response = await admin.get('/api/stats/clients')
    const bravo = clientStatsListSchema.parse(response.body).clients.find((c) => c.clientId === 'bravo')
    // bravo's only message waits 9 h: not answered, not yet 24 h old.
    expect(bravo).toMatchObject({ yelpResponseTime: null, responseRate: null })
  })
})
