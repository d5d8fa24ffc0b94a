import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { YelpSim } from './yelp-sim.ts'
import { call, startSim, yelpErrorBody } from './yelp-test.helpers.ts'

interface EventBody {
  id: string
  cursor: string
  event_type: string
  user_type: string
  user_id: string
  event_content: { text: string; fallback_text: string; attachments?: unknown[] }
}

const HOUR = 3_600_000
const DAY = 24 * HOUR

let sim: YelpSim
let url: string
let token: string
let otherToken: string

beforeAll(async () => {
  ;({ sim, url } = await startSim({ rateLimitPerSecond: 0 }))
})
afterAll(() => sim.close())

beforeEach(() => {
  sim.reset()
  sim.addUser({ id: 'u1', displayName: 'Alex Rivera' })
  sim.addUser({ id: 'u2', displayName: 'Other Owner' })
  sim.addBusiness({ id: 'b1', name: 'Acme Roofing', adminUserIds: ['u1'] })
  sim.addBusiness({ id: 'b2', name: 'Not Yours', adminUserIds: ['u2'] })
  sim.addBusiness({ id: 'b3', name: 'Stopped Advertising', adminUserIds: ['u1'], isAdvertising: false })
  sim.addLead({
    id: 'L1',
    businessId: 'b1',
    consumerName: 'Pat Q.',
    phoneNumber: '+15551230000',
    temporaryEmail: 'zz91qa@messaging.yelp.com',
    costPerLeadCents: 2350,
    project: {
      job_names: ['Roof repair'],
      survey_answers: [{ question_text: 'What type of roof?', answer_text: ['Shingle'] }],
      location: { postal_code: '94110' },
      additional_info: 'Leak over the garage',
      availability: { status: 'SPECIFIC_DATES', dates: ['2026-07-02'] },
      attachments: [
        {
          id: 'att1',
          url: 'https://example.invalid/a.jpg',
          resource_name: 'leak.jpg',
          mime_type: 'image/jpeg',
        },
      ],
    },
    events: [
      { eventType: 'RAQ_SUBMIT', text: 'Pat Q. requested a quote' },
      { from: 'BIZ', text: 'Sure, what is your address?' },
      { text: 'Photos attached', attachments: [{ url: 'https://example.invalid/b.jpg' }] },
      { text: '123 Main St' },
      { text: 'Thanks!' },
    ],
  })
  sim.addLead({ id: 'L2', businessId: 'b2' })
  sim.addLead({ id: 'L3', businessId: 'b3' })
  token = sim.issueTokens('u1').access_token
  otherToken = sim.issueTokens('u2').access_token
})

async function events(query = '', leadId = 'L1') {
  const response = await call(url, 'GET', `/v3/leads/${leadId}/events${query}`, { token })
  expect(response.status).toBe(200)
  return (response.body as { events: EventBody[] }).events
}

const write = (text: unknown, leadId = 'L1', type: unknown = 'TEXT') =>
  call(url, 'POST', `/v3/leads/${leadId}/events`, {
    token,
    json: { request_content: text, request_type: type },
  })

const LEAD_ENDPOINTS = [
  { name: 'GET lead', method: 'GET', path: (id: string) => `/v3/leads/${id}`, json: undefined },
  { name: 'GET events', method: 'GET', path: (id: string) => `/v3/leads/${id}/events`, json: undefined },
  {
    name: 'POST events',
    method: 'POST',
    path: (id: string) => `/v3/leads/${id}/events`,
    json: { request_content: 'Hi', request_type: 'TEXT' },
  },
  {
    name: 'POST mark_as_read',
    method: 'POST',
    path: (id: string) => `/v3/leads/${id}/events/mark_as_read`,
    json: { event_id: 'x' },
  },
  {
    name: 'POST mark_as_replied',
    method: 'POST',
    path: (id: string) => `/v3/leads/${id}/mark_as_replied`,
    json: { reply_type: 'PHONE' },
  },
  { name: 'GET metrics', method: 'GET', path: (id: string) => `/v3/leads/${id}/metrics`, json: undefined },
]

describe('authorisation and access on every lead endpoint', () => {
  it.each(LEAD_ENDPOINTS)('$name: bad tokens → 401 TOKEN_INVALID', async ({ method, path, json }) => {
    for (const bad of [undefined, 'garbage', 'sim-yelp-api-key']) {
      const response = await call(url, method, path('L1'), { token: bad, json })
      expect([response.status, response.body]).toEqual([401, yelpErrorBody('TOKEN_INVALID')])
    }
  })

  it.each(LEAD_ENDPOINTS)(
    "$name: no such lead, another user's business, a non-advertising business → 404",
    async ({ method, path, json }) => {
      for (const leadId of ['missing', 'L2', 'L3']) {
        const response = await call(url, method, path(leadId), { token, json })
        expect([leadId, response.status, response.body]).toEqual([leadId, 404, yelpErrorBody('NOT_FOUND')])
      }
    },
  )

  it('a user who loses admin on the business gets 404, not 403 (pitfalls #7)', async () => {
    expect((await call(url, 'GET', '/v3/leads/L1', { token })).status).toBe(200)
    const revoked = await call(url, 'POST', '/__sim/yelp/users/u1/revoke-business', {
      json: { businessId: 'b1' },
    })
    expect(revoked.status).toBe(200)
    const response = await call(url, 'GET', '/v3/leads/L1', { token })
    expect([response.status, response.body]).toEqual([404, yelpErrorBody('NOT_FOUND')])
  })

  it('the owner of the other business reads its lead', async () => {
    expect((await call(url, 'GET', '/v3/leads/L2', { token: otherToken })).status).toBe(200)
  })
})

describe('GET /v3/leads/{id}', () => {
  it('answers the documented lead shape (no proxy email: the business has replied)', async () => {
    const response = await call(url, 'GET', '/v3/leads/L1', { token })
    expect(response.status).toBe(200)
    const created = sim.store.leads.get('L1')?.createdMs ?? 0
    // The sim's own ISO formatting, restated so the test fails if the format changes.
    const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00')
    expect(response.body).toEqual({
      id: 'L1',
      business_id: 'b1',
      conversation_id: expect.any(String),
      phone_number: '+15551230000',
      temporary_phone_number: '+15551230000',
      temporary_phone_number_expiry: '2099-12-31T00:00:00+00:00',
      time_created: iso(created),
      last_event_time: expect.stringMatching(/\+00:00$/),
      user: { display_name: 'Pat Q.' },
      project: {
        job_names: ['Roof repair'],
        survey_answers: [{ question_text: 'What type of roof?', answer_text: ['Shingle'] }],
        location: { postal_code: '94110' },
        additional_info: 'Leak over the garage',
        availability: { status: 'SPECIFIC_DATES', dates: ['2026-07-02'] },
        attachments: [
          {
            id: 'att1',
            url: 'https://example.invalid/a.jpg',
            resource_name: 'leak.jpg',
            mime_type: 'image/jpeg',
          },
        ],
      },
      link_to_reply_in_yelp: 'https://biz.yelp.com/leads_center/b1/leads/L1',
    })
  })

  it.each([
    { name: 'fresh, no biz reply', lead: {}, advance: 0, has: { email: true, phone: false, temp: true } },
    { name: 'after 30 days', lead: {}, advance: 30 * DAY, has: { email: false, phone: false, temp: false } },
    {
      name: 'after a business reply',
      lead: { events: [{ text: 'hi' }, { from: 'BIZ', text: 'hello' }] },
      advance: 0,
      has: { email: false, phone: false, temp: true },
    },
    {
      name: 'proxy email explicitly absent',
      lead: { temporaryEmail: null },
      advance: 0,
      has: { email: false, phone: false, temp: true },
    },
  ] as const)('optional contact fields: $name', async ({ lead, advance, has }) => {
    sim.addLead({ id: 'LX', businessId: 'b1', maskedPhoneNumber: '+14155550999', ...lead } as Parameters<
      YelpSim['addLead']
    >[0])
    sim.clock.advance(advance)
    const body = (await call(url, 'GET', '/v3/leads/LX', { token: sim.issueTokens('u1').access_token }))
      .body as Record<string, unknown>
    expect('temporary_email_address' in body).toBe(has.email)
    expect('phone_number' in body).toBe(has.phone)
    expect('temporary_phone_number' in body).toBe(has.temp)
  })

  it('phone_number appears after a phone opt-in', async () => {
    sim.addLead({ id: 'LP', businessId: 'b1' })
    const before = (await call(url, 'GET', '/v3/leads/LP', { token })).body as Record<string, unknown>
    expect('phone_number' in before).toBe(false)
    await call(url, 'POST', '/__sim/yelp/leads/LP/phone-opt-in', { json: { phoneNumber: '+15550001111' } })
    const after = (await call(url, 'GET', '/v3/leads/LP', { token })).body as Record<string, unknown>
    expect(after.phone_number).toBe('+15550001111')
    expect((await events('', 'LP')).at(-1)?.event_type).toBe('CONSUMER_PHONE_NUMBER_OPT_IN_EVENT')
  })
})

describe('GET /v3/leads/{id}/events', () => {
  it('lists oldest first; TEXT + ATTACHMENT_GROUPING share id and cursor', async () => {
    const all = await events()
    expect(all.map((e) => [e.event_type, e.user_type, e.event_content.text])).toEqual([
      ['RAQ_SUBMIT', 'CONSUMER', 'Pat Q. requested a quote'],
      ['TEXT', 'BIZ', 'Sure, what is your address?'],
      ['TEXT', 'CONSUMER', 'Photos attached'],
      ['ATTACHMENT_GROUPING', 'CONSUMER', ''],
      ['TEXT', 'CONSUMER', '123 Main St'],
      ['TEXT', 'CONSUMER', 'Thanks!'],
    ])
    expect(all[2]?.id).toBe(all[3]?.id)
    expect(all[2]?.cursor).toBe(all[3]?.cursor)
    expect(all[3]?.event_content.fallback_text).toBe('Sent 1 attachment: https://example.invalid/b.jpg')
    expect(all[3]?.event_content.attachments).toEqual([
      {
        id: expect.any(String),
        url: 'https://example.invalid/b.jpg',
        resource_name: 'b.jpg',
        mime_type: 'image/jpeg',
      },
    ])
    expect(all[1]?.user_id).toBe('u1')
    expect(Object.keys(all[0] ?? {}).sort()).toEqual(
      [
        'cursor',
        'event_content',
        'event_type',
        'id',
        'time_created',
        'user_display_name',
        'user_id',
        'user_type',
      ].sort(),
    )
  })

  // Groups: 0 RAQ, 1 BIZ, 2 pair, 3 '123 Main St', 4 'Thanks!'
  it.each([
    { name: 'limit=2 → the last 2', query: () => '?limit=2', texts: ['123 Main St', 'Thanks!'] },
    {
      name: 'limit=3 counts the pair as one',
      query: () => '?limit=3',
      texts: ['Photos attached', '', '123 Main St', 'Thanks!'],
    },
    { name: 'limit=1', query: () => '?limit=1', texts: ['Thanks!'] },
    {
      name: 'older_than_cursor + limit → the N just before',
      query: (c: string[]) => `?older_than_cursor=${c[3]}&limit=2`,
      texts: ['Sure, what is your address?', 'Photos attached', ''],
    },
    { name: 'older_than the first → none', query: (c: string[]) => `?older_than_cursor=${c[0]}`, texts: [] },
    {
      name: 'newer_than_cursor + limit → the N just after',
      query: (c: string[]) => `?newer_than_cursor=${c[1]}&limit=2`,
      texts: ['Photos attached', '', '123 Main St'],
    },
    { name: 'newer_than the last → none', query: (c: string[]) => `?newer_than_cursor=${c[4]}`, texts: [] },
  ])('$name', async ({ query, texts }) => {
    const cursors = [...new Set((await events()).map((e) => e.cursor))]
    expect((await events(query(cursors))).map((e) => e.event_content.text)).toEqual(texts)
  })

  it.each([
    { query: '?limit=0', field: 'limit' },
    { query: '?limit=21', field: 'limit' },
    { query: '?limit=abc', field: 'limit' },
    { query: '?older_than_cursor=nope', field: 'older_than_cursor' },
    { query: '?newer_than_cursor=nope', field: 'newer_than_cursor' },
    { query: '?older_than_cursor=a&newer_than_cursor=b', field: 'older_than_cursor' },
  ])('$query → 400 VALIDATION_ERROR ($field)', async ({ query, field }) => {
    const response = await call(url, 'GET', `/v3/leads/L1/events${query}`, { token })
    expect([response.status, response.body]).toEqual([400, yelpErrorBody('VALIDATION_ERROR', field)])
  })

  it('limit=20 is the default and the maximum', async () => {
    for (let i = 0; i < 20; i++) sim.addMessage('L1', { text: `m${i}` })
    expect((await events()).length).toBe(20)
    expect((await events('?limit=20')).at(0)?.event_content.text).toBe('m0')
  })
})

describe('POST /v3/leads/{id}/events', () => {
  it('201 {} and the reply appears as a BIZ TEXT event by the token user', async () => {
    const response = await write('We can come Thursday.')
    expect([response.status, response.body]).toEqual([201, {}])
    const last = (await events()).at(-1)
    expect(last).toMatchObject({
      event_type: 'TEXT',
      user_type: 'BIZ',
      user_id: 'u1',
      user_display_name: 'Acme Roofing',
      event_content: { text: 'We can come Thursday.', fallback_text: 'We can come Thursday.' },
    })
  })

  it.each([
    { name: 'empty text', body: { request_content: '', request_type: 'TEXT' }, field: 'request_content' },
    { name: 'blank text', body: { request_content: '   ', request_type: 'TEXT' }, field: 'request_content' },
    { name: 'no text', body: { request_type: 'TEXT' }, field: 'request_content' },
    {
      name: 'text not a string',
      body: { request_content: 5, request_type: 'TEXT' },
      field: 'request_content',
    },
    { name: 'no request_type', body: { request_content: 'Hi' }, field: 'request_type' },
    {
      name: 'request_type not TEXT',
      body: { request_content: 'Hi', request_type: 'IMAGE' },
      field: 'request_type',
    },
  ])('$name → 400 VALIDATION_ERROR', async ({ body, field }) => {
    const response = await call(url, 'POST', '/v3/leads/L1/events', { token, json: body })
    expect([response.status, response.body]).toEqual([400, yelpErrorBody('VALIDATION_ERROR', field)])
    expect((await events()).length).toBe(6)
  })

  it('an empty JSON body → 400 VALIDATION_ERROR', async () => {
    const response = await call(url, 'POST', '/v3/leads/L1/events', {
      token,
      headers: { 'content-type': 'application/json' },
    })
    expect([response.status, response.body]).toEqual([400, yelpErrorBody('VALIDATION_ERROR')])
  })

  it.each([
    { name: 'same text at once', second: 'Hello', advance: 0, status: 400 },
    { name: 'same text 59 minutes later', second: 'Hello', advance: HOUR - 60_000, status: 400 },
    { name: 'same text an hour later', second: 'Hello', advance: HOUR, status: 201 },
    { name: 'different text at once', second: 'Hello again', advance: 0, status: 201 },
  ])('SAME_SUCCESSIVE_MESSAGE: $name → $status', async ({ second, advance, status }) => {
    expect((await write('Hello')).status).toBe(201)
    sim.clock.advance(advance)
    const response = await write(second)
    expect(response.status).toBe(status)
    if (status === 400)
      expect(response.body).toEqual(yelpErrorBody('SAME_SUCCESSIVE_MESSAGE', 'request_content'))
  })

  it('an archived lead → 403 with "archived" in the description', async () => {
    expect((await call(url, 'POST', '/__sim/yelp/leads/L1/archive')).status).toBe(200)
    const response = await write('Still there?')
    expect([response.status, response.body]).toEqual([403, yelpErrorBody('NOT_AUTHORIZED')])
    expect((response.body as { error: { description: string } }).error.description).toContain('archived')
    expect((await call(url, 'GET', '/v3/leads/L1', { token })).status).toBe(200)
  })
})

describe('mark_as_read and mark_as_replied', () => {
  it('mark_as_read marks up to the event; an earlier one does not move the marker back', async () => {
    const all = await events()
    const mark = (eventId: string | undefined, extra = {}) =>
      call(url, 'POST', '/v3/leads/L1/events/mark_as_read', { token, json: { event_id: eventId, ...extra } })
    const first = await mark(all[4]?.id, { time_read: '2026-07-01T10:00:00+00:00' })
    expect([first.status, first.body]).toEqual([200, {}])
    expect((await mark(all[0]?.id)).status).toBe(200)
    expect((await mark(all[4]?.id)).status).toBe(200)
    const state = (await call(url, 'GET', '/__sim/yelp/leads/L1')).body as {
      readUpToEventId: string
      readAt: string
    }
    expect([state.readUpToEventId, state.readAt]).toEqual([all[4]?.id, '2026-07-01T10:00:00+00:00'])
  })

  it.each([
    { name: 'no event_id', body: {}, field: 'event_id' },
    { name: 'event of no such id', body: { event_id: 'nope' }, field: 'event_id' },
    { name: 'bad time_read', body: { event_id: 'x', time_read: 'yesterday' }, field: 'time_read' },
  ])('mark_as_read: $name → 400', async ({ body, field }) => {
    const response = await call(url, 'POST', '/v3/leads/L1/events/mark_as_read', { token, json: body })
    expect([response.status, response.body]).toEqual([400, yelpErrorBody('VALIDATION_ERROR', field)])
  })

  it('mark_as_replied: 200 the first time, 403 NOT_AUTHORIZED the second', async () => {
    const first = await call(url, 'POST', '/v3/leads/L1/mark_as_replied', {
      token,
      json: { reply_type: 'PHONE' },
    })
    expect([first.status, first.body]).toEqual([200, {}])
    const second = await call(url, 'POST', '/v3/leads/L1/mark_as_replied', {
      token,
      json: { reply_type: 'EMAIL' },
    })
    expect([second.status, second.body]).toEqual([403, yelpErrorBody('NOT_AUTHORIZED')])
  })

  it.each([{}, { reply_type: 'SMS' }])('mark_as_replied with %j → 400', async (body) => {
    const response = await call(url, 'POST', '/v3/leads/L1/mark_as_replied', { token, json: body })
    expect([response.status, response.body]).toEqual([400, yelpErrorBody('VALIDATION_ERROR', 'reply_type')])
  })
})

describe('GET /v3/leads/{id}/metrics', () => {
  it('answers the cost per lead in cents', async () => {
    const response = await call(url, 'GET', '/v3/leads/L1/metrics', { token })
    expect([response.status, response.body]).toEqual([
      200,
      { metrics: { cost_per_lead: { value: 2350, currency_code: 'USD' } } },
    ])
  })
})
