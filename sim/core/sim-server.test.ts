import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SimClock } from './sim-clock.ts'
import { SimServer } from './sim-server.ts'

describe('SimServer core', () => {
  const sim = new SimServer({ name: 'core-test' })
  let url = ''
  beforeAll(async () => {
    sim.app.get('/thing/:id', async (request) => ({ id: (request.params as { id: string }).id }))
    sim.app.post('/things/', async () => ({ created: true }))
    url = await sim.listen()
  })
  afterAll(() => sim.close())

  it('answers injected statuses for exactly N matching requests, then stops', async () => {
    await fetch(`${url}/__sim/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'GET', path: '/thing/*', status: 503, times: 2 }),
    })
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${url}/thing/${i}`)).status)
    expect(statuses).toEqual([503, 503, 200])
  })

  it('drops the connection when asked', async () => {
    sim.faults.add({ path: '/thing/x', drop: true })
    await expect(fetch(`${url}/thing/x`)).rejects.toThrow()
    expect((await fetch(`${url}/thing/x`)).status).toBe(200)
  })

  it('delays and then answers normally', async () => {
    sim.faults.add({ path: '/thing/slow', delayMs: 150 })
    const started = Date.now()
    const response = await fetch(`${url}/thing/slow`)
    expect(response.status).toBe(200)
    expect(Date.now() - started).toBeGreaterThanOrEqual(140)
  })

  it('without a fault body and without a simulator default, answers the Yelp-shaped default', async () => {
    sim.faults.add({ path: '/thing/a', status: 502 })
    const response = await fetch(`${url}/thing/a`)
    expect([response.status, await response.json()]).toEqual([
      502,
      { error: { code: 'SIMULATED_FAULT', description: 'Injected 502' } },
    ])
  })

  it.each([
    ['/things', 'POST', '/things/'],
    ['/things/', 'POST', '/things'],
    ['/thing/7/', 'GET', '/thing/7'],
  ])('ignores a trailing slash: %s answers as the route %s %s', async (path, method) => {
    const response = await fetch(`${url}${path}`, { method })
    expect(response.status).toBe(200)
  })

  it.each([
    ['a fault on /things fires on /things/', '/things', '/things/'],
    ['a fault on /things/ fires on /things', '/things/', '/things'],
    ['a pattern /thing/* fires on /thing/9/', '/thing/*', '/thing/9/'],
  ])('%s', async (_name, faultPath, requestPath) => {
    sim.faults.add({ path: faultPath, status: 418 })
    const method = requestPath.startsWith('/things') ? 'POST' : 'GET'
    expect((await fetch(`${url}${requestPath}`, { method })).status).toBe(418)
    expect((await fetch(`${url}${requestPath}`, { method })).status).toBe(200)
  })

  it('logs provider requests but not control requests, and resets', async () => {
    const log = (await (await fetch(`${url}/__sim/requests`)).json()) as Array<{ path: string }>
    expect(log.length).toBeGreaterThan(0)
    expect(log.every((e) => !e.path.startsWith('/__sim'))).toBe(true)
    await fetch(`${url}/__sim/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: 3_600_000 }),
    })
    expect(sim.clock.now() - Date.now()).toBeGreaterThan(3_599_000)
    await fetch(`${url}/__sim/reset`, { method: 'POST' })
    expect(sim.requests.list()).toEqual([])
    expect(Math.abs(sim.clock.now() - Date.now())).toBeLessThan(1000)
  })
})

describe('SimServer defaultFaultBody', () => {
  const sim = new SimServer({
    name: 'shaped',
    defaultFaultBody: (status) => ({ statusCode: status, message: 'shaped' }),
  })
  let url = ''
  beforeAll(async () => {
    sim.app.get('/x', async () => ({ ok: true }))
    url = await sim.listen()
  })
  afterAll(() => sim.close())

  it.each([
    ['no body → the simulator default', { status: 503 }, { statusCode: 503, message: 'shaped' }],
    ['a given body wins', { status: 503, body: { custom: 1 } }, { custom: 1 }],
  ])('%s', async (_name, fault, expected) => {
    sim.faults.add({ path: '/x', ...fault })
    const response = await fetch(`${url}/x`)
    expect([response.status, await response.json()]).toEqual([503, expected])
  })
})

describe('SimClock.onAdvance', () => {
  it('calls listeners with the step and the new time, stops after unsubscribe, and not on reset', () => {
    const clock = new SimClock()
    // Frozen, so "the new time" is exact however slowly a loaded machine runs this.
    clock.freeze()
    const calls: Array<[number, number]> = []
    const unsubscribe = clock.onAdvance((ms, now) => calls.push([ms, now]))
    clock.advance(60_000)
    expect(calls).toHaveLength(1)
    expect(calls[0]?.[0]).toBe(60_000)
    expect(calls[0]?.[1]).toBe(clock.now())
    clock.reset()
    expect(calls).toHaveLength(1)
    unsubscribe()
    clock.advance(1_000)
    expect(calls).toHaveLength(1)
  })

  it('lets a listener unsubscribe itself while being called', () => {
    const clock = new SimClock()
    let count = 0
    const unsubscribe = clock.onAdvance(() => {
      count += 1
      unsubscribe()
    })
    clock.advance(1)
    clock.advance(1)
    expect(count).toBe(1)
  })
})

describe('slow answers', () => {
  const sim = new SimServer({ name: 'slow-test' })
  let url = ''
  let handled = 0
  beforeAll(async () => {
    sim.app.post('/write', async () => {
      handled += 1
      return { ok: true }
    })
    url = await sim.listen()
  })
  afterAll(() => sim.close())

  it('runs the handler at once but holds the answer, so a caller that gives up still wrote', async () => {
    sim.faults.add({ method: 'POST', path: '/write', slowResponseMs: 500 })
    await expect(
      fetch(`${url}/write`, { method: 'POST', signal: AbortSignal.timeout(100) }),
    ).rejects.toThrow()
    expect(handled).toBe(1)
    const started = Date.now()
    expect((await fetch(`${url}/write`, { method: 'POST' })).status).toBe(200)
    expect(Date.now() - started).toBeLessThan(400)
  })
})

describe('a failure answered after the work was done', () => {
  const sim = new SimServer({ name: 'after-handler-test' })
  let url = ''
  let handled = 0
  beforeAll(async () => {
    sim.app.post('/write', async () => {
      handled += 1
      return { ok: true }
    })
    url = await sim.listen()
  })
  afterAll(() => sim.close())

  it('runs the handler, then answers the injected status and body (and logs that status)', async () => {
    sim.faults.add({ method: 'POST', path: '/write', status: 504, afterHandler: true })
    const response = await fetch(`${url}/write`, { method: 'POST' })
    expect([response.status, await response.json()]).toEqual([
      504,
      { error: { code: 'SIMULATED_FAULT', description: 'Injected 504' } },
    ])
    expect(handled).toBe(1)
    expect(sim.requests.list().at(-1)?.status).toBe(504)
    expect((await fetch(`${url}/write`, { method: 'POST' })).status).toBe(200)
    expect(handled).toBe(2)
  })
})

describe('faults that look at the body', () => {
  const sim = new SimServer({ name: 'body-fault-test' })
  let url = ''
  let handled = 0
  beforeAll(async () => {
    sim.app.post('/write', async () => {
      handled += 1
      return { ok: true }
    })
    url = await sim.listen()
  })
  afterAll(() => sim.close())

  it('refuses only the requests whose body contains the text, as often as asked', async () => {
    sim.faults.add({ method: 'POST', path: '/write', bodyIncludes: 'refuse-me', status: 422, times: 5 })
    const post = (text: string) =>
      fetch(`${url}/write`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
      })
    expect((await post('fine')).status).toBe(200)
    expect((await post('please refuse-me')).status).toBe(422)
    expect((await post('fine again')).status).toBe(200)
    expect((await post('refuse-me again')).status).toBe(422)
    expect(handled).toBe(2)
    expect(sim.faults.list()[0]?.remaining).toBe(3)
  })
})
