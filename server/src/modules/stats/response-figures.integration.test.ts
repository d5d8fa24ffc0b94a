import { type ClientStatsList, clientStatsListSchema } from '@common/client-stats.ts'
import { type FirstReplies, firstRepliesSchema, type Stats } from '@common/stats.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { leads } from '../../db/schema.ts'
import { readWaitingFigures } from '../../repositories/response-figures.repository.ts'
import { signInScopedOperator } from '../../testing/scoped-user.ts'
import { SessionClient } from '../../testing/session-client.ts'
import { startTestServer, type TestServer } from '../../testing/test-server.ts'

// The dashboard's response figures (docs/spec/product.md §9.1): the leads waiting now with the
// oldest wait and their ages (GET /api/stats), per client (GET /api/stats/clients), and the first
// replies of each of the last 30 UTC days (GET /api/stats/first-replies), scoped by assignment.

let server: TestServer
let admin: SessionClient
let operator: SessionClient
const db = () => server.server.database.db
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
/** Whole seconds, as the API reports the waits to the millisecond. */
const NOW = Math.floor(Date.now() / 1000) * 1000
const TODAY = Math.floor(NOW / DAY) * DAY
const iso = (ms: number) => new Date(ms).toISOString()

interface Seed {
  leadId: string
  clientId: string
  status?: 'new' | 'contacted' | 'converted' | 'closed'
  waitingSince?: number
  firstMessageAt?: number
  replyAfterMinutes?: number
}

function leadRow(seed: Seed) {
  const created = new Date(seed.firstMessageAt ?? seed.waitingSince ?? NOW)
  return {
    leadId: seed.leadId,
    clientId: seed.clientId,
    status: seed.status ?? 'new',
    timeCreated: created,
    lastEventTime: created,
    events: [],
    waitingSince: seed.waitingSince === undefined ? null : new Date(seed.waitingSince),
    firstConsumerMessageAt: seed.firstMessageAt === undefined ? null : new Date(seed.firstMessageAt),
    firstBusinessReplyAt:
      seed.firstMessageAt !== undefined && seed.replyAfterMinutes !== undefined
        ? new Date(seed.firstMessageAt + seed.replyAfterMinutes * MINUTE)
        : null,
  }
}

/** One hour into the UTC day `daysAgo` days before today. */
const dayAt = (daysAgo: number) => TODAY - daysAgo * DAY + HOUR

const SEEDS: Seed[] = [
  // Waiting now: 2 min, 20 min, 3 h (acme), 2 days (bravo). A converted lead and one answered are not.
  { leadId: 'w-1', clientId: 'acme', waitingSince: NOW - 2 * MINUTE },
  { leadId: 'w-2', clientId: 'acme', waitingSince: NOW - 20 * MINUTE },
  { leadId: 'w-3', clientId: 'acme', status: 'contacted', waitingSince: NOW - 3 * HOUR },
  { leadId: 'w-4', clientId: 'bravo', waitingSince: NOW - 2 * DAY },
  { leadId: 'w-5', clientId: 'acme', status: 'converted', waitingSince: NOW - 30 * HOUR },
  { leadId: 'w-6', clientId: 'acme' },
  // First replies. Today: acme in 2 and 10 min, bravo not yet. 3 days ago: acme in 1 min.
  // 29 days ago (the first day of the range): acme in 90 min. 30 days ago: outside the range.
  { leadId: 'd-1', clientId: 'acme', firstMessageAt: dayAt(0), replyAfterMinutes: 2 },
  { leadId: 'd-2', clientId: 'acme', firstMessageAt: dayAt(0), replyAfterMinutes: 10 },
  { leadId: 'd-3', clientId: 'bravo', firstMessageAt: dayAt(0) },
  { leadId: 'd-4', clientId: 'acme', firstMessageAt: dayAt(3), replyAfterMinutes: 1 },
  { leadId: 'd-5', clientId: 'acme', firstMessageAt: dayAt(29), replyAfterMinutes: 90 },
  { leadId: 'd-6', clientId: 'acme', firstMessageAt: dayAt(30), replyAfterMinutes: 1 },
]

beforeAll(async () => {
  server = await startTestServer()
  admin = new SessionClient(server.url)
  await admin.login(server.adminUsername, server.adminPassword)
  for (const [clientId, name] of [
    ['acme', 'Acme Roofing'],
    ['bravo', 'Bravo Plumbing'],
    ['charlie', 'Charlie Electric'],
  ] as const)
    expect((await admin.post('/api/clients', { clientId, name })).status).toBe(201)
  operator = await signInScopedOperator(server.url, admin, {
    username: 'figures-operator',
    clientIds: ['acme'],
  })
  await db().insert(leads).values(SEEDS.map(leadRow))
})
afterAll(() => server?.close())

describe('GET /api/stats: the leads waiting now', () => {
  it('counts them with the oldest wait and their ages, leaving out closed and answered leads', async () => {
    const body = (await admin.get('/api/stats')).body as Stats
    expect(body).toMatchObject({
      leadsAwaitingReply: 4,
      oldestWaitingSince: iso(NOW - 2 * DAY),
      waitingAges: { under5Minutes: 1, minutes5To60: 1, hours1To24: 1, over1Day: 1 },
    })
  })

  it('counts only an operator’s clients', async () => {
    const body = (await operator.get('/api/stats')).body as Stats
    expect(body).toMatchObject({
      leadsAwaitingReply: 3,
      oldestWaitingSince: iso(NOW - 3 * HOUR),
      waitingAges: { under5Minutes: 1, minutes5To60: 1, hours1To24: 1, over1Day: 0 },
    })
  })

  it('puts a wait of exactly 5 minutes, 1 hour and 1 day in the longer bucket', async () => {
    const at = new Date('2026-06-15T12:00:00.000Z').getTime()
    expect((await admin.post('/api/clients', { clientId: 'edge', name: 'Edge Cases' })).status).toBe(201)
    await db()
      .insert(leads)
      .values(
        [5 * MINUTE, 5 * MINUTE - 1000, HOUR, DAY, DAY - 1000].map((waited, index) =>
          leadRow({ leadId: `edge-${index}`, clientId: 'edge', waitingSince: at - waited }),
        ),
      )
    const figures = await readWaitingFigures(db(), { now: new Date(at), clientIds: ['edge'] })
    expect(figures).toEqual({
      waiting: 5,
      oldestWaitingSince: iso(at - DAY),
      under5Minutes: 1,
      minutes5To60: 1,
      hours1To24: 2,
      over1Day: 1,
    })
    expect(await readWaitingFigures(db(), { now: new Date(at), clientIds: [] })).toMatchObject({
      waiting: 0,
      oldestWaitingSince: null,
    })
  })
})

describe('GET /api/stats/clients: waiting now per client', () => {
  it('gives each client its waiting leads and the oldest wait; none for a client without', async () => {
    const body = clientStatsListSchema.parse((await admin.get('/api/stats/clients')).body)
    const of = (list: ClientStatsList, clientId: string) =>
      list.clients.find((client) => client.clientId === clientId)
    expect(of(body, 'acme')).toMatchObject({ waitingNow: 3, oldestWaitingSince: iso(NOW - 3 * HOUR) })
    expect(of(body, 'bravo')).toMatchObject({ waitingNow: 1, oldestWaitingSince: iso(NOW - 2 * DAY) })
    expect(of(body, 'charlie')).toMatchObject({ waitingNow: 0, oldestWaitingSince: null })
    const scoped = clientStatsListSchema.parse((await operator.get('/api/stats/clients')).body)
    expect(scoped.clients.map((client) => [client.clientId, client.waitingNow])).toEqual([['acme', 3]])
  })
})

describe('GET /api/stats/first-replies', () => {
  const dateOf = (daysAgo: number) => iso(TODAY - daysAgo * DAY).slice(0, 10)
  const empty = { leads: 0, answered: 0, medianSeconds: null, within5Minutes: null, within1Hour: null }

  it('gives the 30 UTC days up to today, each day’s median of the answered and shares of all its leads', async () => {
    const response = await admin.get('/api/stats/first-replies')
    expect(response.status).toBe(200)
    const body: FirstReplies = firstRepliesSchema.parse(response.body)
    expect(body.days.map((day) => day.date)).toEqual(
      Array.from({ length: 30 }, (_, index) => dateOf(29 - index)),
    )
    const day = (daysAgo: number) => body.days.find((each) => each.date === dateOf(daysAgo))
    // 2 and 10 min answered, one waiting: the median of the two, the shares of the three.
    expect(day(0)).toEqual({
      date: dateOf(0),
      leads: 3,
      answered: 2,
      medianSeconds: 360,
      within5Minutes: 33.3,
      within1Hour: 66.7,
    })
    expect(day(3)).toEqual({
      date: dateOf(3),
      leads: 1,
      answered: 1,
      medianSeconds: 60,
      within5Minutes: 100,
      within1Hour: 100,
    })
    expect(day(29)).toEqual({
      date: dateOf(29),
      leads: 1,
      answered: 1,
      medianSeconds: 5400,
      within5Minutes: 0,
      within1Hour: 0,
    })
    expect(day(1)).toEqual({ date: dateOf(1), ...empty })
    // Over the range: 2, 10, 1 and 90 min answered of five leads (30 days ago left out).
    expect(body.total).toEqual({
      leads: 5,
      answered: 4,
      medianSeconds: 360,
      within5Minutes: 40,
      within1Hour: 60,
    })
  })

  it('covers only an operator’s clients', async () => {
    const body = firstRepliesSchema.parse((await operator.get('/api/stats/first-replies')).body)
    expect(body.total).toEqual({
      leads: 4,
      answered: 4,
      medianSeconds: 360,
      within5Minutes: 50,
      within1Hour: 75,
    })
    expect(body.days.at(-1)).toMatchObject({ leads: 2, medianSeconds: 360, within5Minutes: 50 })
  })

  it('is refused without canViewSystemStats', async () => {
    const anonymous = new SessionClient(server.url)
    expect((await anonymous.get('/api/stats/first-replies')).status).toBe(401)
  })
})
