import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SimulatedWorld, startWithSimulators } from '../../testing/with-simulators.ts'

// Yelp allows 5 calls a second per endpoint and app (docs/providers/yelp.md §1 and §3); the
// simulator holds the hub to that limit over real HTTP.
let world: SimulatedWorld
beforeAll(async () => {
  world = await startWithSimulators()
})
afterAll(() => world?.close())

describe('POST /api/subscribe-webhook', () => {
  it('subscribes six businesses asked for within one second, all of them, through the rate limit', {
    timeout: 60_000,
  }, async () => {
    // An agency connecting six clients at once (a script, or several operators).
    const ids = ['one', 'two', 'three', 'four', 'five', 'six']
    for (const id of ids) {
      world.yelp.addBusiness({ id: `biz-${id}`, name: `Business ${id}` })
      const created = await world.admin.post('/api/clients', { clientId: `agency-${id}`, name: id })
      expect(created.status, created.text).toBe(201)
    }

    const answers = await Promise.all(
      ids.map((id) =>
        world.admin.post('/api/subscribe-webhook', { clientId: `agency-${id}`, businessId: `biz-${id}` }),
      ),
    )

    for (const [index, answer] of answers.entries()) {
      expect(answer.status, `${ids[index]}: ${answer.text}`).toBe(200)
    }
    const answered = world.yelp.server.requests
      .list()
      .filter((r) => r.method === 'POST' && r.path === '/v3/businesses/subscriptions')
    // Spaced by the hub's limiter: Yelp never had to refuse one.
    expect(answered.map((r) => r.status).filter((s) => s === 429)).toEqual([])
    const subscribed = world.yelp
      .state()
      .businesses.filter((b) => b.isWebhookSubscribed)
      .map((b) => b.id)
    expect(subscribed).toEqual(expect.arrayContaining(ids.map((id) => `biz-${id}`)))
  })
})
