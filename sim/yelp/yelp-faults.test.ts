import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { YelpSim } from './yelp-sim.ts'
import { call, seedOwner, startSim, yelpErrorBody } from './yelp-test.helpers.ts'

let sim: YelpSim
let url: string
let token: string

beforeAll(async () => {
  // Default options: the documented 5 requests per second per endpoint.
  ;({ sim, url } = await startSim())
})
afterAll(() => sim.close())
beforeEach(() => {
  sim.reset()
  // Rate windows are one second of sim time; frozen, a slow machine cannot stretch them.
  sim.clock.freeze()
  ;({ token } = seedOwner(sim))
  sim.addLead({ id: 'L1', businessId: 'b1' })
  sim.addLead({ id: 'L2', businessId: 'b1' })
})

const getLead = (id = 'L1') => call(url, 'GET', `/v3/leads/${id}`, { token })
const statuses = async (n: number, send: () => Promise<{ status: number }>) => {
  const out: number[] = []
  for (let i = 0; i < n; i++) out.push((await send()).status)
  return out
}

describe('rate limit: 5 requests per second per client per endpoint (docs/providers/yelp.md §1)', () => {
  it('the 6th request within a second → 429 with the Yelp error shape and no rate headers', async () => {
    expect(await statuses(5, () => getLead())).toEqual([200, 200, 200, 200, 200])
    const limited = await getLead()
    expect([limited.status, limited.body]).toEqual([429, yelpErrorBody('TOO_MANY_REQUESTS_PER_SECOND')])
    expect([...limited.headers.keys()].filter((h) => h.includes('ratelimit'))).toEqual([])
  })

  it('counts per endpoint (route), not per URL: another lead id shares the window; another endpoint does not', async () => {
    await statuses(5, () => getLead('L1'))
    expect((await getLead('L2')).status).toBe(429)
    expect((await call(url, 'GET', '/v3/leads/L1/events', { token })).status).toBe(200)
    expect((await call(url, 'GET', '/token/v1/businesses', { token })).status).toBe(200)
  })

  it('the window slides on the sim clock: a second later requests pass again', async () => {
    await statuses(6, () => getLead())
    sim.clock.advance(1000)
    expect(await statuses(5, () => getLead())).toEqual([200, 200, 200, 200, 200])
  })

  it('applies to the subscriptions API (API key) too', async () => {
    const list = () =>
      call(url, 'GET', '/v3/businesses/subscriptions?subscription_type=WEBHOOK', {
        token: 'sim-yelp-api-key',
      })
    expect(await statuses(6, list)).toEqual([200, 200, 200, 200, 200, 429])
  })

  it('can be changed through the control API (0 = off)', async () => {
    await call(url, 'PUT', '/__sim/yelp/settings', { json: { rateLimitPerSecond: 0 } })
    expect((await statuses(8, () => getLead())).every((s) => s === 200)).toBe(true)
    await call(url, 'PUT', '/__sim/yelp/settings', { json: { rateLimitPerSecond: 2 } })
    sim.clock.advance(1000)
    expect(await statuses(3, () => getLead())).toEqual([200, 200, 429])
  })
})

describe('injected faults fire exactly as configured, then stop', () => {
  const addFault = (fault: Record<string, unknown>) => call(url, 'POST', '/__sim/faults', { json: fault })

  it.each([
    { name: '429 twice', fault: { status: 429, times: 2 }, expected: [429, 429, 200, 200] },
    { name: '500 once', fault: { status: 500 }, expected: [500, 200, 200, 200] },
    { name: '503 three times', fault: { status: 503, times: 3 }, expected: [503, 503, 503, 200] },
  ])('$name on GET /v3/leads/*', async ({ fault, expected }) => {
    expect((await addFault({ method: 'GET', path: '/v3/leads/*', ...fault })).status).toBe(201)
    const results: number[] = []
    for (let i = 0; i < expected.length; i++) {
      sim.clock.advance(1000) // stay clear of the real rate limit
      results.push((await getLead()).status)
    }
    expect(results).toEqual(expected)
  })

  it('an injected status answers in the Yelp error shape by default', async () => {
    await addFault({ path: '/v3/leads/L1', status: 502 })
    const response = await getLead()
    expect([response.status, response.body]).toEqual([502, yelpErrorBody('SIMULATED_FAULT')])
  })

  it('matches the method: a GET fault leaves POST alone', async () => {
    await addFault({ method: 'GET', path: '/v3/leads/L1/events', status: 500 })
    const write = await call(url, 'POST', '/v3/leads/L1/events', {
      token,
      json: { request_content: 'Hi', request_type: 'TEXT' },
    })
    expect(write.status).toBe(201)
    expect((await call(url, 'GET', '/v3/leads/L1/events', { token })).status).toBe(500)
  })

  it('drop: the connection is cut once, then requests succeed', async () => {
    await addFault({ path: '/oauth2/token/v3', drop: true })
    const form = {
      grant_type: 'refresh_token',
      refresh_token: 'x',
      client_id: 'sim-yelp-client-id',
      client_secret: 'sim-yelp-client-secret',
    }
    await expect(call(url, 'POST', '/oauth2/token/v3', { form })).rejects.toThrow()
    expect((await call(url, 'POST', '/oauth2/token/v3', { form })).status).toBe(400)
    expect(sim.requests.list().map((r) => r.dropped)).toEqual([true, false])
  })

  it('delay: the first response is slow, the next is not', async () => {
    await addFault({ path: '/v3/leads/L1', delayMs: 150 })
    let started = Date.now()
    expect((await getLead()).status).toBe(200)
    expect(Date.now() - started).toBeGreaterThanOrEqual(140)
    started = Date.now()
    expect((await getLead()).status).toBe(200)
    expect(Date.now() - started).toBeLessThan(140)
  })

  it('the request log records what the hub sent, including headers', async () => {
    await call(url, 'POST', '/v3/leads/L1/events', {
      token,
      json: { request_content: 'Hi', request_type: 'TEXT' },
    })
    const log = (await call(url, 'GET', '/__sim/requests')).body as Array<Record<string, unknown>>
    expect(log).toMatchObject([
      {
        method: 'POST',
        path: '/v3/leads/L1/events',
        status: 201,
        body: { request_content: 'Hi', request_type: 'TEXT' },
        headers: { authorization: `Bearer ${token}` },
      },
    ])
  })
})

describe("the hub's own replies as Yelp may give them back", () => {
  const write = (text: string) =>
    call(url, 'POST', '/v3/leads/L1/events', { token, json: { request_content: text, request_type: 'TEXT' } })
  const bizTexts = async () =>
    (
      (await call(url, 'GET', '/v3/leads/L1/events', { token })).body as {
        events: Array<{ user_type: string; event_content: { text: string } }>
      }
    ).events
      .filter((e) => e.user_type === 'BIZ')
      .map((e) => e.event_content.text)

  it('reformatsApiWrites: the text is listed with its whitespace redone, and counts as the same text', async () => {
    expect(
      (await call(url, 'PUT', '/__sim/yelp/settings', { json: { reformatsApiWrites: true } })).status,
    ).toBe(200)
    expect((await write('Hi Sam,\n\nthanks  for asking ')).status).toBe(201)
    expect(await bizTexts()).toEqual(['Hi Sam, thanks for asking'])
    expect((await write('Hi Sam, thanks for asking')).status).toBe(400)
  })

  it('listsApiWritesAfterMs: the written event is listed only after the delay', async () => {
    await call(url, 'PUT', '/__sim/yelp/settings', { json: { listsApiWritesAfterMs: 300 } })
    expect((await write('Listed late')).status).toBe(201)
    expect(await bizTexts()).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 350))
    expect(await bizTexts()).toEqual(['Listed late'])
  })
})
