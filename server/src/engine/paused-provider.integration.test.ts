import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { ACME, type ConnectedWorld, contactOf, startConnectedWorld } from '../testing/connected-world.ts'
import { waitFor } from '../testing/wait-for.ts'
import { QUEUES } from './queue/queues.ts'

// When Yelp asks for a long pause (a 429 with Retry-After), every job that needs Yelp for that
// connection meanwhile must go back to the queue for the end of the pause, not wait for it in the
// rate limiter: a handler waiting there outlives its job's expiry, and pg-boss then fails it and
// runs it again (and again) while it still waits.

let world: ConnectedWorld
beforeAll(async () => {
  world = await startConnectedWorld()
})
afterAll(() => world?.close())

async function jobsOf(queues: string[], leadId: string) {
  const result = (await world.db.execute(sql`
    select state, start_after > now() + interval '30 minutes' as much_later from pgboss.job
    where name in (${sql.join(
      queues.map((q) => sql`${q}`),
      sql`, `,
    )}) and data->>'leadId' = ${leadId}`)) as unknown as {
    rows: Array<{ state: string; much_later: boolean }>
  }
  return result.rows
}

describe('a long pause Yelp asked for', () => {
  it('sends another job needing the paused call back to the queue for its end instead of holding it', async () => {
    world.sims.newLead('lead-pause-a')
    world.sims.newLead('lead-pause-b')
    const contactA = await waitFor('lead A in GHL', () => contactOf(world.db, 'lead-pause-a'))
    const contactB = await waitFor('lead B in GHL', () => contactOf(world.db, 'lead-pause-b'))
    world.yelp.server.faults.add({
      method: 'POST',
      path: '/v3/leads/lead-pause-a/events',
      status: 429,
      headers: { 'retry-after': '3600' },
      times: 1,
    })
    await world.ghl.simulateUserReply({
      locationId: ACME.location,
      contactId: contactA,
      message: 'Noted, thanks!',
    })
    await waitFor('the reply rescheduled for the end of the pause', async () => {
      const result = (await world.db.execute(sql`
        select 1 from pgboss.job where name = ${QUEUES.reply} and state = 'created'
          and start_after > now() + interval '30 minutes'`)) as unknown as { rows: unknown[] }
      return result.rows.length > 0
    })
    // A reply on another lead: its write to Yelp is held back by the same pause.
    await world.ghl.simulateUserReply({
      locationId: ACME.location,
      contactId: contactB,
      message: 'On our way.',
    })
    await waitFor('lead B’s reply back in the queue for the end of the pause, none running', async () => {
      const jobs = await jobsOf([QUEUES.reply], 'lead-pause-b')
      return (
        jobs.some((j) => j.state === 'created' && j.much_later) && !jobs.some((j) => j.state === 'active')
      )
    })
  })
})
