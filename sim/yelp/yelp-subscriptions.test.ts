import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { YelpSim } from './yelp-sim.ts'
import { call, startSim, yelpErrorBody } from './yelp-test.helpers.ts'

const KEY = 'sim-yelp-api-key'
const PATH = '/v3/businesses/subscriptions'
const DELAY = 15 * 60_000

let sim: YelpSim
let url: string
let userToken: string

beforeAll(async () => {
  ;({ sim, url } = await startSim({
    rateLimitPerSecond: 0,
    subscriptionDelayMs: DELAY,
    apiKeys: [KEY, 'second-key'],
  }))
})
afterAll(() => sim.close())

beforeEach(() => {
  sim.reset()
  sim.addUser({ id: 'u1' })
  sim.addBusiness({ id: 'b1', name: 'Acme Roofing', adminUserIds: ['u1'] })
  sim.addBusiness({ id: 'b2', name: 'Acme Gutters', adminUserIds: ['u1'] })
  userToken = sim.issueTokens('u1').access_token
})

const body = { subscription_types: ['WEBHOOK'], business_ids: ['b1'] }
const list = (token = KEY) => call(url, 'GET', `${PATH}?subscription_type=WEBHOOK`, { token })

describe('business subscriptions API', () => {
  it.each([
    { name: 'no Authorization', token: undefined, status: 401, code: 'UNAUTHORIZED_API_KEY' },
    { name: 'an unknown key', token: 'nope', status: 401, code: 'UNAUTHORIZED_API_KEY' },
    { name: "the business user's OAuth token", token: 'USER', status: 401, code: 'TOKEN_INVALID' },
  ])('$name → $status $code on POST, GET and DELETE', async ({ token, status, code }) => {
    const bearer = token === 'USER' ? userToken : token
    for (const [method, path, json] of [
      ['POST', PATH, body],
      ['GET', `${PATH}?subscription_type=WEBHOOK`, undefined],
      ['DELETE', PATH, body],
    ] as const) {
      const response = await call(url, method, path, { token: bearer, json })
      expect([method, response.status, response.body]).toEqual([method, status, yelpErrorBody(code)])
    }
  })

  it('any configured API key is accepted', async () => {
    expect((await call(url, 'POST', PATH, { token: 'second-key', json: body })).status).toBe(202)
  })

  it('POST → 202 {}; the subscription becomes active only after the configured delay', async () => {
    const response = await call(url, 'POST', PATH, { token: KEY, json: body })
    expect([response.status, response.body]).toEqual([202, {}])
    expect((await list()).body).toEqual({ subscriptions: [], total: 0 })
    sim.clock.advance(DELAY - 1000)
    expect(((await list()).body as { total: number }).total).toBe(0)
    sim.clock.advance(1000)
    expect((await list()).body).toEqual({
      subscriptions: [
        { business_id: 'b1', subscription_type: 'WEBHOOK', created_at: expect.stringMatching(/\+00:00$/) },
      ],
      total: 1,
    })
  })

  it('DELETE → 202 {}; the subscription stays until the delay has passed', async () => {
    await call(url, 'POST', PATH, { token: KEY, json: { ...body, business_ids: ['b1', 'b2'] } })
    sim.clock.advance(DELAY)
    const response = await call(url, 'DELETE', PATH, { token: KEY, json: body })
    expect([response.status, response.body]).toEqual([202, {}])
    expect(((await list()).body as { total: number }).total).toBe(2)
    sim.clock.advance(DELAY)
    expect((await list()).body).toMatchObject({ subscriptions: [{ business_id: 'b2' }], total: 1 })
  })

  it('GET pages with limit and offset', async () => {
    await call(url, 'POST', PATH, { token: KEY, json: { ...body, business_ids: ['b1', 'b2'] } })
    sim.clock.advance(DELAY)
    const page = await call(url, 'GET', `${PATH}?subscription_type=WEBHOOK&limit=1&offset=1`, { token: KEY })
    expect(page.body).toMatchObject({ subscriptions: [{ business_id: 'b2' }], total: 2 })
  })

  it.each([
    { name: 'no subscription_types', json: { business_ids: ['b1'] }, field: 'subscription_types' },
    {
      name: 'unknown subscription type',
      json: { subscription_types: ['SMS'], business_ids: ['b1'] },
      field: 'subscription_types',
    },
    {
      name: 'empty subscription_types',
      json: { subscription_types: [], business_ids: ['b1'] },
      field: 'subscription_types',
    },
    { name: 'no business_ids', json: { subscription_types: ['WEBHOOK'] }, field: 'business_ids' },
    {
      name: 'empty business_ids',
      json: { subscription_types: ['WEBHOOK'], business_ids: [] },
      field: 'business_ids',
    },
    {
      name: 'more than 1000 business_ids',
      json: {
        subscription_types: ['WEBHOOK'],
        business_ids: Array.from({ length: 1001 }, (_, i) => `b${i}`),
      },
      field: 'business_ids',
    },
    {
      name: 'unknown business id',
      json: { subscription_types: ['WEBHOOK'], business_ids: ['b1', 'zz'] },
      field: 'business_ids',
    },
  ])('$name → 400 VALIDATION_ERROR', async ({ json, field }) => {
    for (const method of ['POST', 'DELETE']) {
      const response = await call(url, method, PATH, { token: KEY, json })
      expect([method, response.status, response.body]).toEqual([
        method,
        400,
        yelpErrorBody('VALIDATION_ERROR', field),
      ])
    }
  })

  it.each([
    '',
    '?subscription_type=SMS',
    '?subscription_type=WEBHOOK&limit=0',
    '?subscription_type=WEBHOOK&offset=x',
  ])('GET %s → 400', async (query) => {
    const response = await call(url, 'GET', `${PATH}${query}`, { token: KEY })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ error: { code: 'VALIDATION_ERROR' } })
  })
})

describe('a subscription that lapses (control routes)', () => {
  it('lapse-subscription drops it at once, silently; 404 when there is none', async () => {
    expect((await call(url, 'POST', PATH, { token: KEY, json: body })).status).toBe(202)
    sim.clock.advance(DELAY)
    expect((await list()).body).toMatchObject({ total: 1 })
    const lapse = () => call(url, 'POST', '/__sim/yelp/businesses/b1/lapse-subscription', {})
    expect((await lapse()).status).toBe(200)
    expect((await list()).body).toEqual({ subscriptions: [], total: 0 })
    expect((await lapse()).status).toBe(404)
  })

  it('a business set to refuse subscriptions gets 403 AUTHORIZATION_ERROR and stays unsubscribed', async () => {
    sim.updateBusiness('b1', { refusesSubscription: true })
    const response = await call(url, 'POST', PATH, { token: KEY, json: body })
    expect(response.status).toBe(403)
    expect(response.body).toMatchObject({ error: { code: 'AUTHORIZATION_ERROR' } })
    sim.clock.advance(DELAY)
    expect((await list()).body).toEqual({ subscriptions: [], total: 0 })
  })
})
