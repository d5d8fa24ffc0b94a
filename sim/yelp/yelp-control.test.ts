import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SAMPLE_IDS } from './yelp-sample.fixture.ts'
import type { YelpSim } from './yelp-sim.ts'
import { call, startSim } from './yelp-test.helpers.ts'

let sim: YelpSim
let url: string

beforeAll(async () => {
  ;({ sim, url } = await startSim({ rateLimitPerSecond: 0 }))
})
afterAll(() => sim.close())
beforeEach(() => {
  sim.reset()
})

const post = (path: string, json?: unknown) => call(url, 'POST', `/__sim/yelp${path}`, { json })

async function seedBasics() {
  expect((await post('/users', { id: 'u1', displayName: 'Alex' })).status).toBe(201)
  expect(
    (await post('/businesses', { id: 'b1', name: 'Acme', adminUserIds: ['u1'], isSubscribed: true })).status,
  ).toBe(201)
  expect((await post('/leads', { id: 'L1', businessId: 'b1' })).status).toBe(201)
}

describe('control API: seeding', () => {
  it('seeds users, businesses and leads and answers them as JSON', async () => {
    expect((await post('/users', { id: 'u1', displayName: 'Alex' })).body).toEqual({
      id: 'u1',
      displayName: 'Alex',
    })
    expect((await post('/businesses', { id: 'b1', name: 'Acme', adminUserIds: ['u1'] })).body).toEqual({
      id: 'b1',
      name: 'Acme',
      isAdvertising: true,
      adminUserIds: ['u1'],
      refusesSubscription: false,
    })
    const lead = await post('/leads', { id: 'L1', businessId: 'b1', project: { job_names: ['Roof repair'] } })
    expect(lead.status).toBe(201)
    expect(lead.body).toMatchObject({
      lead: {
        id: 'L1',
        business_id: 'b1',
        project: { job_names: ['Roof repair'], survey_answers: [], attachments: [] },
      },
      events: [{ event_type: 'RAQ_SUBMIT', user_type: 'CONSUMER', isWrittenViaApi: false }],
      isArchived: false,
    })
  })

  it('generates ids when none are given', async () => {
    const user = (await post('/users', {})).body as { id: string; displayName: string }
    expect(user.id).toMatch(/^[\w-]{22}$/)
    expect(user.displayName).toBe('Sam Owner')
  })

  it.each([
    {
      name: 'unknown key on a user',
      path: '/users',
      body: { id: 'u9', nickname: 'x' },
      status: 400,
      error: /nickname/,
    },
    { name: 'no body', path: '/users', body: undefined, status: 400, error: /body/ },
    { name: 'business without name', path: '/businesses', body: { id: 'b9' }, status: 400, error: /^name:/ },
    {
      name: 'business with unknown admin',
      path: '/businesses',
      body: { name: 'X', adminUserIds: ['zz'] },
      status: 400,
      error: /adminUserIds: no user zz/,
    },
    {
      name: 'duplicate user id',
      path: '/users',
      body: { id: 'u1' },
      status: 409,
      error: /u1 already exists/,
    },
    {
      name: 'duplicate lead id',
      path: '/leads',
      body: { id: 'L1', businessId: 'b1' },
      status: 409,
      error: /L1 already exists/,
    },
    {
      name: 'lead for unknown business',
      path: '/leads',
      body: { businessId: 'zz' },
      status: 400,
      error: /businessId: no business zz/,
    },
    {
      name: 'lead with a zone-less time',
      path: '/leads',
      body: { businessId: 'b1', createdAt: '2026-07-01T10:00:00' },
      status: 400,
      error: /createdAt/,
    },
    {
      name: 'lead with a bad project field',
      path: '/leads',
      body: { businessId: 'b1', project: { jobs: [] } },
      status: 400,
      error: /jobs/,
    },
    {
      name: 'lead with empty events',
      path: '/leads',
      body: { businessId: 'b1', events: [] },
      status: 400,
      error: /events/,
    },
    {
      name: 'empty message',
      path: '/leads/L1/messages',
      body: { text: '  ' },
      status: 400,
      error: /text: give text or attachments/,
    },
    {
      name: 'message from nobody',
      path: '/leads/L1/messages',
      body: { text: 'x', from: 'ROBOT' },
      status: 400,
      error: /from/,
    },
    {
      name: 'message to unknown lead',
      path: '/leads/zz/messages',
      body: { text: 'x' },
      status: 404,
      error: /No lead zz/,
    },
    {
      name: 'archive unknown lead',
      path: '/leads/zz/archive',
      body: undefined,
      status: 404,
      error: /No lead zz/,
    },
    {
      name: 'phone opt-in without number',
      path: '/leads/L1/phone-opt-in',
      body: {},
      status: 400,
      error: /phoneNumber/,
    },
    {
      name: 'tokens for unknown user',
      path: '/tokens',
      body: { userId: 'zz' },
      status: 404,
      error: /No user zz/,
    },
    {
      name: 'revoke-business for unknown business',
      path: '/users/u1/revoke-business',
      body: { businessId: 'zz' },
      status: 404,
      error: /No business zz/,
    },
    {
      name: 'flush with a bad order',
      path: '/webhooks/flush',
      body: { order: 'random' },
      status: 400,
      error: /order/,
    },
    { name: 'unknown control route', path: '/nope', body: {}, status: 404, error: /No control route/ },
  ])('$name → $status', async ({ path, body, status, error }) => {
    await seedBasics()
    const response = await post(path, body)
    expect(response.status).toBe(status)
    expect(response.body).toEqual({ error: expect.stringMatching(error) })
  })

  it.each([
    { path: '/webhook', body: { url: 'not a url' }, error: /url/ },
    { path: '/webhook', body: { duplicates: -1 }, error: /duplicates/ },
    { path: '/settings', body: { denyAuthorization: 'yes' }, error: /denyAuthorization/ },
    { path: '/settings', body: { authorizeAsUserId: 'zz' }, error: /authorizeAsUserId: no user zz/ },
    { path: '/settings', body: { rateLimitPerSecond: 1.5 }, error: /rateLimitPerSecond/ },
  ])('PUT $path with $body → 400', async ({ path, body, error }) => {
    const response = await call(url, 'PUT', `/__sim/yelp${path}`, { json: body })
    expect([response.status, response.body]).toEqual([400, { error: expect.stringMatching(error) }])
  })

  it('PATCH a business: stop advertising → its leads answer 404', async () => {
    await seedBasics()
    const token = sim.issueTokens('u1').access_token
    const patched = await call(url, 'PATCH', '/__sim/yelp/businesses/b1', { json: { isAdvertising: false } })
    expect(patched.body).toMatchObject({ id: 'b1', isAdvertising: false })
    expect((await call(url, 'GET', '/v3/leads/L1', { token })).status).toBe(404)
  })

  it('POST /tokens issues working tokens for a user', async () => {
    await seedBasics()
    const tokens = (await post('/tokens', { userId: 'u1' })).body as { access_token: string }
    expect((await call(url, 'GET', '/token/v1/businesses', { token: tokens.access_token })).body).toEqual({
      business_ids: ['b1'],
    })
  })
})

describe('control API: state and reset', () => {
  it('GET /__sim/state and /__sim/yelp/state show the seeded world', async () => {
    await seedBasics()
    const core = (await call(url, 'GET', '/__sim/state')).body as Record<string, unknown>
    expect(core).toMatchObject({
      name: 'yelp',
      users: [{ id: 'u1' }],
      businesses: [{ id: 'b1', isWebhookSubscribed: true }],
      leads: [{ lead: { id: 'L1' } }],
      settings: { denyAuthorization: false, rateLimitPerSecond: 0 },
    })
    const own = (await call(url, 'GET', '/__sim/yelp/state')).body as Record<string, unknown>
    expect(own.users).toEqual(core.users)
  })

  it('reset clears seeded data, tokens, deliveries and switches', async () => {
    await seedBasics()
    const token = sim.issueTokens('u1').access_token
    await call(url, 'PUT', '/__sim/yelp/settings', { json: { denyAuthorization: true } })
    await call(url, 'PUT', '/__sim/yelp/webhook', { json: { url: 'http://127.0.0.1:9/hook', hold: true } })
    expect((await call(url, 'POST', '/__sim/reset')).status).toBe(200)
    const state = (await call(url, 'GET', '/__sim/yelp/state')).body as Record<string, unknown>
    expect(state).toMatchObject({
      users: [],
      businesses: [],
      leads: [],
      subscriptions: [],
      grants: [],
      webhookDeliveries: [],
      settings: { denyAuthorization: false },
      webhook: { url: null, hold: false },
    })
    expect((await call(url, 'GET', '/token/v1/businesses', { token })).status).toBe(401)
  })
})

describe('sample fixture', () => {
  it('POST /__sim/yelp/sample seeds a business with realistic leads readable through the API', async () => {
    const seeded = await post('/sample', { isSubscribed: true })
    expect([seeded.status, seeded.body]).toEqual([201, { ...SAMPLE_IDS, leadIds: [...SAMPLE_IDS.leadIds] }])
    const token = sim.issueTokens(SAMPLE_IDS.userId).access_token
    const ids = await call(url, 'GET', `/v3/businesses/${SAMPLE_IDS.businessId}/lead_ids`, { token })
    expect(ids.body).toEqual({
      lead_ids: ['lead-roof-repair', 'lead-gutter-cleaning', 'lead-skylight'],
      has_more: false,
    })
    const roof = (await call(url, 'GET', '/v3/leads/lead-roof-repair', { token })).body as {
      project: {
        job_names: string[]
        survey_answers: unknown[]
        availability: { status: string }
        attachments: unknown[]
      }
      phone_number: string
    }
    expect(roof.project.job_names).toEqual(['Roof repair'])
    expect(roof.project.survey_answers).toHaveLength(3)
    expect(roof.project.availability.status).toBe('SPECIFIC_DATES')
    expect(roof.project.attachments).toHaveLength(1)
    expect(roof.phone_number).toBe('+14155550123')
    const events = (await call(url, 'GET', '/v3/leads/lead-roof-repair/events', { token })).body as {
      events: Array<{ event_type: string }>
    }
    expect(events.events.map((e) => e.event_type)).toEqual(['RAQ_SUBMIT', 'TEXT', 'ATTACHMENT_GROUPING'])
    const gutter = (await call(url, 'GET', '/v3/leads/lead-gutter-cleaning/events', { token })).body as {
      events: Array<{ user_type: string }>
    }
    expect(gutter.events.map((e) => e.user_type)).toEqual(['CONSUMER', 'BIZ', 'CONSUMER'])
    // History predates the hub: no webhooks unless asked for.
    expect(sim.webhooks.list()).toEqual([])
  })

  it('seedSample() does the same programmatically, and twice is a 409', () => {
    expect(sim.seedSample().leadIds).toHaveLength(3)
    expect(() => sim.seedSample()).toThrow(/already exists/)
  })

  it('env() points all three Yelp bases at the simulator', () => {
    expect(sim.env()).toEqual({
      YELP_API_BASE: url,
      YELP_AUTH_BASE: url,
      YELP_PARTNER_BASE: url,
      YELP_CLIENT_ID: 'sim-yelp-client-id',
      YELP_CLIENT_SECRET: 'sim-yelp-client-secret',
      YELP_API_KEY: 'sim-yelp-api-key',
    })
  })
})
