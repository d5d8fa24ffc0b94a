import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ConnectedWorld, startConnectedWorld } from '../../testing/connected-world.ts'
import { waitFor } from '../../testing/wait-for.ts'

// One message GHL answers 500 every time (a body it chokes on) must not hold back the lead's
// later messages: they are forwarded, the stuck one is retried on, and the lead detail shows it.
// Rescheduling backoff starts at 50 ms here, so a day of retries is seconds.

let world: ConnectedWorld
beforeAll(async () => {
  world = await startConnectedWorld({ core: { engine: { retryBaseMs: 50, retryMaxMs: 400 } } })
})
afterAll(() => world?.close())

interface Forwarding {
  eventId: string
  state: string
  error: string | null
}
const forwardingOf = async (leadId: string) =>
  ((await world.admin.get(`/api/leads/${leadId}`)).body as { ghlForwarding: Forwarding[] }).ghlForwarding

describe('a message GHL answers 500 every time', () => {
  it('forwards the lead’s later messages, keeps retrying it, shows it on the lead, and delivers it once GHL takes it', {
    timeout: 90_000,
  }, async () => {
    const first = world.sims.newLead('lead-stuck')
    await waitFor(
      'the first message in GHL',
      async () => (await world.sims.ghlMessagesFor([first])).length === 1,
    )
    world.ghl.server.faults.add({
      method: 'POST',
      path: '/conversations/messages/inbound',
      bodyIncludes: 'a message GHL chokes on',
      status: 500,
      times: 10_000,
    })
    const stuck = world.sims.consumerMessage('lead-stuck', 'Here is a message GHL chokes on')
    const later = world.sims.consumerMessage('lead-stuck', 'And my address is 12 Main St')
    await waitFor(
      'the later message in GHL',
      async () => (await world.sims.ghlMessagesFor([later])).length === 1,
    )
    expect(await world.sims.ghlMessagesFor([stuck])).toEqual([])

    const shown = await waitFor('the stuck message on the lead', async () =>
      (await forwardingOf('lead-stuck')).find((f) => f.eventId === stuck),
    )
    expect(shown).toMatchObject({ state: 'retrying', error: expect.stringContaining('500') })
    // Still retried: more attempts reach GHL.
    const attempts = () =>
      world.ghl.server.requests
        .list()
        .filter((r) => r.path === '/conversations/messages/inbound' && r.status === 500).length
    const seen = attempts()
    await waitFor('another attempt at the stuck message', () => attempts() > seen)

    world.ghl.server.faults.clear()
    await waitFor(
      'the stuck message in GHL',
      async () => (await world.sims.ghlMessagesFor([stuck])).length === 1,
    )
    await waitFor(
      'the lead clear of forwarding problems',
      async () => (await forwardingOf('lead-stuck')).length === 0,
    )
  })
})
