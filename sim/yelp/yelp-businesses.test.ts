import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { YelpSim } from './yelp-sim.ts'
import { call, startSim, yelpErrorBody } from './yelp-test.helpers.ts'
import { yelpTime } from './yelp-time.ts'

const HOUR = 3_600_000

let sim: YelpSim
let url: string
let token: string
let base: number

beforeAll(async () => {
  ;({ sim, url } = await startSim({ rateLimitPerSecond: 0 }))
})
afterAll(() => sim.close())

beforeEach(() => {
  sim.reset()
  sim.addUser({ id: 'u1' })
  sim.addUser({ id: 'u2' })
  sim.addBusiness({ id: 'b1', name: 'Acme Roofing', adminUserIds: ['u1'] })
  sim.addBusiness({ id: 'b2', name: 'Not Yours', adminUserIds: ['u2'] })
  sim.addBusiness({ id: 'b3', name: 'Not Advertising', adminUserIds: ['u1'], isAdvertising: false })
  base = Math.floor(sim.now() / 1000) * 1000 - 10 * HOUR
  // L1 oldest … L5 newest, an hour apart; one lead of another business.
  for (let i = 1; i <= 5; i++)
    sim.addLead({ id: `L${i}`, businessId: 'b1', createdAt: yelpTime(base + i * HOUR) })
  sim.addLead({ id: 'X1', businessId: 'b2', createdAt: yelpTime(base + 3 * HOUR) })
  token = sim.issueTokens('u1').access_token
})

async function leadIds(query: string, businessId = 'b1') {
  return call(url, 'GET', `/v3/businesses/${businessId}/lead_ids${query}`, { token })
}

describe('GET /v3/businesses/{id}/lead_ids', () => {
  it('pages newest first with has_more, passing the last id as after_lead_id', async () => {
    const pages: unknown[] = []
    let after = ''
    for (;;) {
      const response = await leadIds(`?limit=2${after ? `&after_lead_id=${after}` : ''}`)
      expect(response.status).toBe(200)
      const body = response.body as { lead_ids: string[]; has_more: boolean }
      pages.push(body)
      if (!body.has_more) break
      after = body.lead_ids.at(-1) ?? ''
    }
    expect(pages).toEqual([
      { lead_ids: ['L5', 'L4'], has_more: true },
      { lead_ids: ['L3', 'L2'], has_more: true },
      { lead_ids: ['L1'], has_more: false },
    ])
  })

  it.each([
    { name: 'default limit', query: () => '', ids: ['L5', 'L4', 'L3', 'L2', 'L1'], more: false },
    {
      name: 'created_after inclusive',
      query: () => `?created_after=${iso(base + 4 * HOUR)}`,
      ids: ['L5', 'L4'],
      more: false,
    },
    {
      name: 'created_before inclusive',
      query: () => `?created_before=${iso(base + 2 * HOUR)}`,
      ids: ['L2', 'L1'],
      more: false,
    },
    {
      name: 'window, then after_lead_id inside it',
      query: () =>
        `?created_after=${iso(base + 2 * HOUR)}&created_before=${iso(base + 4 * HOUR)}&limit=1&after_lead_id=L4`,
      ids: ['L3'],
      more: true,
    },
    {
      name: 'a Z time zone works too',
      query: () => `?created_after=${new Date(base + 5 * HOUR).toISOString()}`,
      ids: ['L5'],
      more: false,
    },
    { name: 'empty window', query: () => `?created_after=${iso(base + 6 * HOUR)}`, ids: [], more: false },
  ])('$name', async ({ query, ids, more }) => {
    const response = await leadIds(query())
    expect([response.status, response.body]).toEqual([200, { lead_ids: ids, has_more: more }])
  })

  it.each([
    { query: '?limit=0', field: 'limit' },
    { query: '?limit=21', field: 'limit' },
    { query: '?created_after=2026-07-01T10:00:00', field: 'created_after' },
    { query: '?created_before=yesterday', field: 'created_before' },
    { query: '?after_lead_id=X1', field: 'after_lead_id' },
  ])('$query → 400 VALIDATION_ERROR ($field)', async ({ query, field }) => {
    const response = await leadIds(query)
    expect([response.status, response.body]).toEqual([400, yelpErrorBody('VALIDATION_ERROR', field)])
  })

  it.each(['b2', 'b3', 'missing'])(
    'business %s (not yours / not advertising / unknown) → 404',
    async (businessId) => {
      const response = await leadIds('', businessId)
      expect([response.status, response.body]).toEqual([404, yelpErrorBody('BUSINESS_NOT_FOUND')])
    },
  )

  it('needs a user access token', async () => {
    const response = await call(url, 'GET', '/v3/businesses/b1/lead_ids', { token: 'sim-yelp-api-key' })
    expect([response.status, response.body]).toEqual([401, yelpErrorBody('TOKEN_INVALID')])
  })
})

function iso(ms: number): string {
  return encodeURIComponent(yelpTime(ms))
}
