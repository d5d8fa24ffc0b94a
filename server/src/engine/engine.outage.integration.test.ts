import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ACME,
  type ConnectedWorld,
  contactOf,
  messageRow,
  startConnectedWorld,
} from '../testing/connected-world.ts'
import { sleep, waitFor } from '../testing/wait-for.ts'
import { QUEUES } from './queue/queues.ts'

// Retries that last as long as the outage (docs/decisions/0018 §2, 0015), over real HTTP against both
// simulators. Rescheduling backoff starts at 50 ms here instead of seconds, so a long outage is a
// dozen failed attempts in a few seconds; the horizon (24 h for replies) is what is checked.
let world: ConnectedWorld
beforeAll(async () => {
  world = await startConnectedWorld({ core: { engine: { retryBaseMs: 50, retryMaxMs: 400 } } })
})
afterAll(() => world?.close())

async function jobsOf(queue: string, key: string, value: string) {
  const result = (await world.db.execute(sql`
    select state, start_after > now() + interval '5 seconds' as later, retry_count
    from pgboss.job where name = ${queue} and data->>${key} = ${value}
  `)) as unknown as { rows: Array<{ state: string; later: boolean; retry_count: number }> }
  return result.rows
}

describe('Retry-After', () => {
  it('reschedules the job for when GHL says, instead of holding a worker', { timeout: 90_000 }, async () => {
    const first = world.sims.newLead('lead-retry-after')
    await waitFor('first in GHL', async () => (await world.sims.ghlMessagesFor([first])).length === 1)
    world.ghl.server.faults.add({
      method: 'POST',
      path: '/conversations/messages/inbound',
      status: 429,
      headers: { 'retry-after': '12' },
    })
    const next = world.sims.consumerMessage('lead-retry-after', 'Rate limited?')
    await waitFor('a job queued for later, none running', async () => {
      const jobs = await jobsOf(QUEUES.leadSync, 'leadId', 'lead-retry-after')
      return jobs.some((j) => j.state === 'created' && j.later) && !jobs.some((j) => j.state === 'active')
    })
    await waitFor(
      'the message in GHL',
      async () => (await world.sims.ghlMessagesFor([next])).length === 1,
      60_000,
    )
  })
})

describe('Yelp’s 429 with Retry-After', () => {
  it('reschedules the lead’s sync for when Yelp says, instead of holding a worker', {
    timeout: 90_000,
  }, async () => {
    world.yelp.server.faults.add({
      method: 'GET',
      path: '/v3/leads/lead-yelp-retry-after/events',
      status: 429,
      headers: { 'retry-after': '10' },
      times: 1,
    })
    const first = world.sims.newLead('lead-yelp-retry-after')
    await waitFor('a job queued for later, none running', async () => {
      const jobs = await jobsOf(QUEUES.leadSync, 'leadId', 'lead-yelp-retry-after')
      return jobs.some((j) => j.state === 'created' && j.later) && !jobs.some((j) => j.state === 'active')
    })
    expect(await world.sims.ghlMessagesFor([first])).toEqual([])
    await waitFor(
      'the message in GHL once Yelp allows it',
      async () => (await world.sims.ghlMessagesFor([first])).length === 1,
      60_000,
    )
    expect(world.yelp.server.faults.list()).toHaveLength(0)
  })
})

describe('a long Yelp outage', () => {
  it('does not kill a reply: it is retried past pg-boss’s retry limit and delivered once Yelp is back', {
    timeout: 120_000,
  }, async () => {
    const first = world.sims.newLead('lead-outage')
    await waitFor('first in GHL', async () => (await world.sims.ghlMessagesFor([first])).length === 1)
    // Yelp refuses the write (before doing it) twenty times: more than the 8 retries jobs had.
    world.yelp.server.faults.add({
      method: 'POST',
      path: '/v3/leads/lead-outage/events',
      status: 503,
      times: 20,
    })
    const contactId = await contactOf(world.db, 'lead-outage')
    if (!contactId) throw new Error('no contact')
    const sent = await world.ghl.simulateUserReply({
      locationId: ACME.location,
      contactId,
      message: 'We will be there at noon.',
    })
    world.ghl.server.clock.advance(6000)
    await waitFor(
      'delivered in GHL',
      async () =>
        (await world.sims.ghlMessages()).find((m) => m.id === sent.messageId)?.status === 'delivered',
      90_000,
    )
    expect(world.yelp.server.faults.list()).toHaveLength(0)
    expect((await messageRow(world.db, `ghl:${sent.messageId}`))?.status).toBe('success')
    const biz = (await world.sims.yelpLead('lead-outage')).events.filter(
      (e) => e.user_type === 'BIZ' && e.event_content.text === 'We will be there at noon.',
    )
    expect(biz).toHaveLength(1)
    await sleep(500)
    const failed = (await jobsOf(QUEUES.reply, 'ghlMessageId', sent.messageId)).filter(
      (j) => j.state === 'failed',
    )
    expect(failed).toEqual([])
  })
})
