import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { YelpSim } from './yelp-sim.ts'
import { call, seedOwner, startReceiver, startSim } from './yelp-test.helpers.ts'

type Receiver = Awaited<ReturnType<typeof startReceiver>>

let sim: YelpSim
let url: string
let receiver: Receiver
let token: string
let answerStatus = 200

const YELP_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/

beforeAll(async () => {
  ;({ sim, url } = await startSim({ rateLimitPerSecond: 0 }))
  receiver = await startReceiver(() => ({ status: answerStatus, body: '{}' }))
})
afterAll(async () => {
  await sim.close()
  await receiver.close()
})
beforeEach(async () => {
  sim.reset()
  receiver.received.length = 0
  answerStatus = 200
  const setUrl = await call(url, 'PUT', '/__sim/yelp/webhook', { json: { url: receiver.url } })
  expect(setUrl.body).toMatchObject({ url: receiver.url })
  ;({ token } = seedOwner(sim))
})
afterEach(() => sim.webhooks.idle())

const createLead = (body: Record<string, unknown> = {}) =>
  call(url, 'POST', '/__sim/yelp/leads', { json: { id: 'L1', businessId: 'b1', ...body } })

function update(index: number) {
  const payload = receiver.received[index]?.body as { data: { updates: Array<Record<string, unknown>> } }
  return payload.data.updates[0]
}

describe('lead webhooks', () => {
  it('a lead created through the control API arrives as a NEW_EVENT webhook with the documented shape', async () => {
    const created = await createLead()
    expect(created.status).toBe(201)
    const firstEvent = (created.body as { events: Array<{ id: string; time_created: string }> }).events[0]
    const [request] = await receiver.waitFor(1)
    expect(request?.method).toBe('POST')
    expect(request?.url).toBe('/yelp/webhook')
    expect(request?.headers['content-type']).toBe('application/json')
    expect(request?.body).toEqual({
      time: expect.stringMatching(YELP_TIME),
      object: 'business',
      data: {
        id: 'b1',
        updates: [
          {
            event_type: 'NEW_EVENT',
            event_id: firstEvent?.id,
            lead_id: 'L1',
            interaction_time: firstEvent?.time_created,
          },
        ],
      },
    })
    await sim.webhooks.idle()
    expect(sim.webhooks.list()).toMatchObject([{ state: 'delivered', status: 200, copy: 0 }])
  })

  it('a consumer message added through the control API → NEW_EVENT for that event', async () => {
    await createLead()
    const added = await call(url, 'POST', '/__sim/yelp/leads/L1/messages', {
      json: { text: 'Are you available?' },
    })
    expect(added.status).toBe(201)
    const [event] = (added.body as { events: Array<{ id: string }> }).events
    await receiver.waitFor(2)
    expect(update(1)).toMatchObject({ event_type: 'NEW_EVENT', event_id: event?.id, lead_id: 'L1' })
  })

  it("echoes the hub's own reply written through the API (pitfalls #3)", async () => {
    await createLead()
    expect(
      (
        await call(url, 'POST', '/v3/leads/L1/events', {
          token,
          json: { request_content: 'On our way', request_type: 'TEXT' },
        })
      ).status,
    ).toBe(201)
    await receiver.waitFor(2)
    const events = (await call(url, 'GET', '/v3/leads/L1/events', { token })).body as {
      events: Array<{ id: string }>
    }
    expect(update(1)).toMatchObject({
      event_type: 'NEW_EVENT',
      event_id: events.events.at(-1)?.id,
      lead_id: 'L1',
    })
  })

  it('one webhook for a text with attachments (the pair shares an id)', async () => {
    await createLead()
    await call(url, 'POST', '/__sim/yelp/leads/L1/messages', {
      json: { text: 'pic', attachments: [{ url: 'https://x.invalid/p.png' }] },
    })
    await sim.webhooks.idle()
    expect(receiver.received.length).toBe(2)
  })

  it('phone opt-in: an update without event_id, exactly as documented', async () => {
    await createLead()
    await call(url, 'POST', '/__sim/yelp/leads/L1/phone-opt-in', { json: { phoneNumber: '+15550001111' } })
    await call(url, 'POST', '/__sim/yelp/leads/L1/phone-opt-out')
    await receiver.waitFor(3)
    expect(update(1)).toEqual({ event_type: 'CONSUMER_PHONE_NUMBER_OPT_IN_EVENT', lead_id: 'L1' })
    expect(update(2)).toEqual({ event_type: 'CONSUMER_PHONE_NUMBER_OPT_OUT_EVENT', lead_id: 'L1' })
  })

  it('no phone webhook for leads older than two weeks', async () => {
    await createLead({ notify: false })
    sim.clock.advance(15 * 24 * 3_600_000)
    await call(url, 'POST', '/__sim/yelp/leads/L1/phone-opt-in', { json: { phoneNumber: '+15550001111' } })
    await sim.webhooks.idle()
    expect(receiver.received.length).toBe(0)
  })

  it('nothing is sent for a business without an active WEBHOOK subscription', async () => {
    sim.addBusiness({ id: 'b2', name: 'Unsubscribed', adminUserIds: ['u1'] })
    await createLead({ businessId: 'b2' })
    await sim.webhooks.idle()
    expect(receiver.received.length).toBe(0)
    expect(sim.webhooks.list()).toMatchObject([
      { state: 'skipped', reason: 'business has no active WEBHOOK subscription' },
    ])
  })

  it('nothing is sent when no webhook URL is set (control API can clear it)', async () => {
    await call(url, 'PUT', '/__sim/yelp/webhook', { json: { url: null } })
    await createLead()
    await sim.webhooks.idle()
    expect(receiver.received.length).toBe(0)
    expect(sim.webhooks.list()).toMatchObject([{ state: 'skipped', reason: 'no webhook URL configured' }])
  })

  it('a failing receiver is recorded and not retried', async () => {
    answerStatus = 500
    await createLead()
    await sim.webhooks.idle()
    expect(receiver.received.length).toBe(1)
    expect(sim.webhooks.list()).toMatchObject([{ state: 'failed', status: 500 }])
  })
})

describe('delivery options', () => {
  it('duplicates: each webhook is sent 1 + N times with the same payload', async () => {
    await call(url, 'PUT', '/__sim/yelp/webhook', { json: { duplicates: 2 } })
    await createLead()
    await receiver.waitFor(3)
    await sim.webhooks.idle()
    expect(receiver.received.length).toBe(3)
    expect(new Set(receiver.received.map((r) => JSON.stringify(r.body))).size).toBe(1)
  })

  it('delay: the webhook arrives after delayMs of real time', async () => {
    await call(url, 'PUT', '/__sim/yelp/webhook', { json: { delayMs: 150 } })
    const started = Date.now()
    await createLead()
    expect(receiver.received.length).toBe(0)
    const [request] = await receiver.waitFor(1)
    expect((request?.at ?? 0) - started).toBeGreaterThanOrEqual(140)
  })

  it('reorder: two consecutive webhooks arrive newest first', async () => {
    await call(url, 'PUT', '/__sim/yelp/webhook', { json: { reorder: true } })
    await createLead({ notify: false })
    const first = await call(url, 'POST', '/__sim/yelp/leads/L1/messages', { json: { text: 'one' } })
    const second = await call(url, 'POST', '/__sim/yelp/leads/L1/messages', { json: { text: 'two' } })
    await receiver.waitFor(2)
    const ids = [first, second].map((r) => (r.body as { events: Array<{ id: string }> }).events[0]?.id)
    expect([update(0)?.event_id, update(1)?.event_id]).toEqual([ids[1], ids[0]])
  })

  it('reorder: a lone webhook still goes out after reorderWaitMs', async () => {
    await call(url, 'PUT', '/__sim/yelp/webhook', { json: { reorder: true, reorderWaitMs: 50 } })
    await createLead()
    await receiver.waitFor(1)
  })

  it('hold + flush(reverse): held webhooks go out on demand, in the order asked', async () => {
    await call(url, 'PUT', '/__sim/yelp/webhook', { json: { hold: true } })
    await createLead({ notify: false })
    for (const text of ['a', 'b', 'c'])
      await call(url, 'POST', '/__sim/yelp/leads/L1/messages', { json: { text } })
    await sim.webhooks.idle()
    expect(receiver.received.length).toBe(0)
    expect(sim.webhooks.list().map((d) => d.state)).toEqual(['held', 'held', 'held'])
    const flushed = await call(url, 'POST', '/__sim/yelp/webhooks/flush', { json: { order: 'reverse' } })
    expect(flushed.body).toEqual({ released: 3 })
    await receiver.waitFor(3)
    const newestFirst = sim.webhooks
      .list()
      .reverse()
      .map((d) => JSON.stringify(d.payload))
    expect(receiver.received.map((r) => JSON.stringify(r.body))).toEqual(newestFirst)
    await sim.webhooks.idle()
    expect(sim.webhooks.list().map((d) => d.state)).toEqual(['delivered', 'delivered', 'delivered'])
  })

  it('GET /__sim/yelp/webhooks lists deliveries', async () => {
    await createLead()
    await sim.webhooks.idle()
    const response = await call(url, 'GET', '/__sim/yelp/webhooks')
    expect(response.body).toMatchObject([{ id: 1, businessId: 'b1', state: 'delivered', status: 200 }])
  })
})

describe('webhook URL verification handshake (docs/providers/yelp.md §2)', () => {
  it.each([
    { name: 'JSON echo', answer: (c: string) => JSON.stringify({ verification: c }), verified: true },
    { name: 'plain-text echo', answer: (c: string) => c, verified: true },
    { name: 'wrong value', answer: () => JSON.stringify({ verification: 'nope' }), verified: false },
  ])('$name → isVerified $verified', async ({ answer, verified }) => {
    const verifier = await startReceiver((req) => {
      const challenge = new URL(req.url, 'http://x').searchParams.get('verification') ?? ''
      return { status: 200, body: answer(challenge) }
    })
    try {
      await call(url, 'PUT', '/__sim/yelp/webhook', { json: { url: verifier.url } })
      const response = await call(url, 'POST', '/__sim/yelp/webhook/verify')
      expect(response.status).toBe(200)
      expect(response.body).toMatchObject({ url: verifier.url, status: 200, isVerified: verified })
      expect(verifier.received[0]?.method).toBe('GET')
      expect(verifier.received[0]?.url).toMatch(/^\/yelp\/webhook\?verification=[a-f0-9]+$/)
    } finally {
      await verifier.close()
    }
  })
})
