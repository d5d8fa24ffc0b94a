import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ConnectedWorld, startConnectedWorld } from '../../testing/connected-world.ts'
import { waitFor } from '../../testing/wait-for.ts'
import { QUEUES } from '../queue/queues.ts'

// Yelp can announce an event by webhook before its events list shows it. The sync the webhook
// queued must not settle for "nothing new": it looks again a little later, a bounded number of
// times. Rescheduling backoff starts at 50 ms here.

let world: ConnectedWorld
beforeAll(async () => {
  world = await startConnectedWorld({ core: { engine: { retryBaseMs: 50, retryMaxMs: 400 } } })
})
afterAll(() => world?.close())

describe('a webhook for an event Yelp does not list yet', () => {
  it('reschedules the sync until the event shows, then forwards it', async () => {
    const first = world.sims.newLead('lead-lagging')
    await waitFor(
      'the first message in GHL',
      async () => (await world.sims.ghlMessagesFor([first])).length === 1,
    )
    // Yelp's events list lags its webhook: the next two reads show nothing new.
    world.yelp.server.faults.add({
      method: 'GET',
      path: '/v3/leads/lead-lagging/events',
      status: 200,
      body: { events: [] },
      times: 2,
    })
    const late = world.sims.consumerMessage('lead-lagging', 'Did you get my photos?')
    await waitFor(
      'the late message in GHL',
      async () => (await world.sims.ghlMessagesFor([late])).length === 1,
    )
    expect(world.yelp.server.faults.list()).toHaveLength(0)
  })

  it('gives up after a bounded number of looks when the event never shows', { timeout: 60_000 }, async () => {
    const first = world.sims.newLead('lead-phantom')
    await waitFor(
      'the first message in GHL',
      async () => (await world.sims.ghlMessagesFor([first])).length === 1,
    )
    await world.sims.postWebhook([{ leadId: 'lead-phantom', eventId: 'event-yelp-never-lists' }])
    const ended = await waitFor(
      'the last look to end',
      async () => {
        const result = (await world.db.execute(sql`
          select count(*)::int as runs,
                 count(*) filter (where state in ('created', 'retry', 'active'))::int as live,
                 count(*) filter (where output->>'skipped' like '%never listed%')::int as gave_up
          from pgboss.job where name = ${QUEUES.leadSync} and data->>'leadId' = 'lead-phantom'
            and data->>'eventId' = 'event-yelp-never-lists'`)) as unknown as {
          rows: Array<{ runs: number; live: number; gave_up: number }>
        }
        const row = result.rows[0]
        return row && row.live === 0 && row.gave_up === 1 ? row : null
      },
      45_000,
    )
    expect(ended.runs).toBeGreaterThan(1)
    expect(ended.runs).toBeLessThanOrEqual(10)
  })
})
