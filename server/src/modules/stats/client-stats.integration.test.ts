import { type ClientStatsList, clientStatsListSchema } from '@common/client-stats.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { leads } from '../../db/schema.ts'
import { signInScopedOperator } from '../../testing/scoped-user.ts'
import { SessionClient } from '../../testing/session-client.ts'
import { startTestServer, type TestServer } from '../../testing/test-server.ts'

// GET /api/stats/clients (docs/decisions/0014): the month's cost per lead and the 7- and 30-day response
// times per client, over leads stored as the engine stores them, scoped by client assignment.

let server: TestServer
let admin: SessionClient
let operator: SessionClient
const db = () => server.server.database.db
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
const NOW = Date.now()

interface Seed {
  leadId: string
  clientId: string
  created?: string
  cents?: number | null
  firstMessageDaysAgo?: number
  replyAfterMinutes?: number
}

function leadRow(seed: Seed) {
  const first = seed.firstMessageDaysAgo === undefined ? null : new Date(NOW - seed.firstMessageDaysAgo * DAY)
  const created = seed.created ? new Date(seed.created) : (first ?? new Date(NOW))
  return {
    leadId: seed.leadId,
    clientId: seed.clientId,
    timeCreated: created,
    lastEventTime: created,
    events: [],
    costPerLeadCents: seed.cents ?? null,
    costCurrency: seed.cents == null ? null : 'USD',
    metricsFetchedAt: seed.cents === undefined ? null : created,
    firstConsumerMessageAt: first,
    firstBusinessReplyAt:
      first && seed.replyAfterMinutes !== undefined
        ? new Date(first.getTime() + seed.replyAfterMinutes * MINUTE)
        : null,
  }
}

const SEEDS: Seed[] = [
  // March 2026's costs: acme 2350 + 1650 and one Yelp had no cost for; bravo 500; April's not counted.
  { leadId: 'm-1', clientId: 'acme', created: '2026-03-01T00:00:00Z', cents: 2350 },
  { leadId: 'm-2', clientId: 'acme', created: '2026-03-31T23:59:59Z', cents: 1650 },
  { leadId: 'm-3', clientId: 'acme', created: '2026-03-15T12:00:00Z', cents: null },
  { leadId: 'm-4', clientId: 'acme', created: '2026-04-01T00:00:00Z', cents: 9999 },
  { leadId: 'm-5', clientId: 'bravo', created: '2026-03-10T00:00:00Z', cents: 500 },
  // Response times: acme answers in 2 min, 30 min, 3 h, not yet (last 7 days), 1 min (10 days ago);
  // 40 days ago is outside both windows.
  { leadId: 'r-1', clientId: 'acme', firstMessageDaysAgo: 1, replyAfterMinutes: 2 },
  { leadId: 'r-2', clientId: 'acme', firstMessageDaysAgo: 2, replyAfterMinutes: 30 },
  { leadId: 'r-3', clientId: 'acme', firstMessageDaysAgo: 3, replyAfterMinutes: 180 },
  { leadId: 'r-4', clientId: 'acme', firstMessageDaysAgo: 1 },
  { leadId: 'r-5', clientId: 'acme', firstMessageDaysAgo: 10, replyAfterMinutes: 1 },
  { leadId: 'r-6', clientId: 'acme', firstMessageDaysAgo: 40, replyAfterMinutes: 1 },
  { leadId: 'r-7', clientId: 'bravo', firstMessageDaysAgo: 20, replyAfterMinutes: 4 },
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
    username: 'costs-operator',
    clientIds: ['acme'],
  })
  await db().insert(leads).values(SEEDS.map(leadRow))
})
afterAll(() => server?.close())

async function clientStats(client: SessionClient, query = ''): Promise<ClientStatsList> {
  const response = await client.get(`/api/stats/clients${query}`)
  expect(response.status, response.text).toBe(200)
  return clientStatsListSchema.parse(response.body)
}

const noLeads = { leads: 0, answered: 0, medianSeconds: null, within5Minutes: null, within1Hour: null }

describe('GET /api/stats/clients', () => {
  it('sums each client’s lead costs of the month and figures its response times', async () => {
    const body = await clientStats(admin, '?month=2026-03')
    expect(body.month).toBe('2026-03')
    expect(body.clients).toEqual([
      {
        clientId: 'acme',
        name: 'Acme Roofing',
        leads: 3,
        costedLeads: 2,
        totalCostCents: 4000,
        costPerLeadCents: 2000,
        currency: 'USD',
        responseTime: {
          // 2 min, 30 min, 3 h answered; one waiting: median 30 min, 1 of 4 within 5 min, 2 of 4 within 1 h.
          last7Days: { leads: 4, answered: 3, medianSeconds: 1800, within5Minutes: 25, within1Hour: 50 },
          // Plus 1 min ten days ago: median of 1, 2, 30, 180 min is 16 min.
          last30Days: { leads: 5, answered: 4, medianSeconds: 960, within5Minutes: 40, within1Hour: 60 },
        },
        // Yelp's figures read each consumer message's wait (lead_waits), which these rows have
        // none of: nothing to measure (waiting-leads.integration.test.ts measures them).
        yelpResponseTime: null,
        responseRate: null,
        aiDrafts: { made: 0, sent: 0, edited: 0 },
        waitingNow: 0,
        oldestWaitingSince: null,
      },
      {
        clientId: 'bravo',
        name: 'Bravo Plumbing',
        leads: 1,
        costedLeads: 1,
        totalCostCents: 500,
        costPerLeadCents: 500,
        currency: 'USD',
        responseTime: {
          last7Days: noLeads,
          last30Days: { leads: 1, answered: 1, medianSeconds: 240, within5Minutes: 100, within1Hour: 100 },
        },
        yelpResponseTime: null,
        responseRate: null,
        aiDrafts: { made: 0, sent: 0, edited: 0 },
        waitingNow: 0,
        oldestWaitingSince: null,
      },
      {
        clientId: 'charlie',
        name: 'Charlie Electric',
        leads: 0,
        costedLeads: 0,
        totalCostCents: 0,
        costPerLeadCents: null,
        currency: null,
        responseTime: { last7Days: noLeads, last30Days: noLeads },
        yelpResponseTime: null,
        responseRate: null,
        aiDrafts: { made: 0, sent: 0, edited: 0 },
        waitingNow: 0,
        oldestWaitingSince: null,
      },
    ])
  })

  it('counts the current UTC month when none is asked for', async () => {
    const body = await clientStats(admin)
    expect(body.month).toBe(new Date().toISOString().slice(0, 7))
  })

  it('shows an operator only the clients assigned to them', async () => {
    const body = await clientStats(operator, '?month=2026-03')
    expect(body.clients.map((c) => c.clientId)).toEqual(['acme'])
    expect(body.clients[0]?.totalCostCents).toBe(4000)
  })

  it.each(['2026-13', '2026-3', 'March', '2026-03-01'])(
    'answers 400 naming the month for %s',
    async (month) => {
      const response = await admin.get(`/api/stats/clients?month=${encodeURIComponent(month)}`)
      expect(response.status).toBe(400)
      expect(response.body).toEqual({ error: 'month: Month must be YYYY-MM' })
    },
  )

  it('needs a signed-in session', async () => {
    const anonymous = new SessionClient(server.url)
    expect((await anonymous.get('/api/stats/clients')).status).toBe(401)
  })
})
