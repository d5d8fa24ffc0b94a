import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SimServer } from './sim-server.ts'

describe('SimServer core', () => {
  const sim = new SimServer({ name: 'core-test' })
  let url = ''
  beforeAll(async () => {
    sim.app.get('/thing/:id', async (request) => ({ id: (request.params as { id: string }).id }))
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

  it('logs provider requests but not control requests, and resets', async () => {
    const log = await (await fetch(`${url}/__sim/requests`)).json()
    expect(log.length).toBeGreaterThan(0)
    expect(log.every((e: { path: string }) => !e.path.startsWith('/__sim'))).toBe(true)
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
