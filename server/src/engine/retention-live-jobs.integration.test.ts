import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME, type ConnectedWorld, contactOf, startConnectedWorld } from '../testing/connected-world.ts'
import { waitFor } from '../testing/wait-for.ts'
import { QUEUES } from './queue/queues.ts'
import { purgeExpiredLogs } from './retention.job.ts'

// Log retention deletes messages older than `logRetention` (30 days by default), but a reply
// whose job is rescheduled through a provider's outage or parked (the owner must reconnect) is not a
// log yet: its row is what the job delivers. The wait is played by moving the row's time back.

let world: ConnectedWorld
beforeAll(async () => {
  // A failed attempt comes back 30 to 60 minutes later, as deep into a long outage.
  world = await startConnectedWorld({ core: { engine: { retryBaseMs: 3_600_000, retryMaxMs: 3_600_000 } } })
})
afterAll(() => world?.close())

const ageMessage = (id: number) =>
  world.db.execute(sql`update messages set created_at = now() - interval '40 days' where id = ${id}`)
const messageExists = async (id: number) =>
  ((await world.db.execute(sql`select 1 from messages where id = ${id}`)) as unknown as { rows: unknown[] })
    .rows.length === 1

async function forwardedLead(leadId: string): Promise<string> {
  const first = world.sims.newLead(leadId)
  await waitFor(`${leadId} in GHL`, async () => (await world.sims.ghlMessagesFor([first])).length === 1)
  const contactId = await contactOf(world.db, leadId)
  if (!contactId) throw new Error(`no contact for ${leadId}`)
  return contactId
}

describe('log retention and the jobs still to run', () => {
  it('keeps the row of a GHL reply rescheduled through a Yelp outage, which is delivered when it comes due', async () => {
    const contactId = await forwardedLead('lead-deferred-reply')
    world.yelp.server.faults.add({
      method: 'POST',
      path: '/v3/leads/lead-deferred-reply/events',
      status: 503,
      times: 1,
    })
    const sent = await world.ghl.simulateUserReply({
      locationId: ACME.location,
      contactId,
      message: 'Tuesday morning suits us.',
    })
    const job = await waitFor('the reply job rescheduled for later', async () => {
      const result = (await world.db.execute(sql`
        select id, (data->>'messageRowId')::int as row_id from pgboss.job
        where name = ${QUEUES.reply} and data->>'ghlMessageId' = ${sent.messageId}
          and state = 'created' and start_after > now() + interval '20 minutes'`)) as unknown as {
        rows: Array<{ id: string; row_id: number }>
      }
      return result.rows[0]
    })
    await ageMessage(job.row_id)
    await purgeExpiredLogs(world.db)
    expect(await messageExists(job.row_id)).toBe(true)

    await world.db.execute(sql`update pgboss.job set start_after = now() where id = ${job.id}::uuid`)
    world.ghl.server.clock.advance(6000)
    await waitFor(
      'the reply delivered',
      async () =>
        (await world.sims.ghlMessages()).find((m) => m.id === sent.messageId)?.status === 'delivered',
      30_000,
    )
  })

  it('keeps the row of an inbox reply parked until the owner reconnects, which then sends it', {
    timeout: 60_000,
  }, async () => {
    await forwardedLead('lead-parked-reply')
    // The owner loses admin rights on the business: the next sync flags the connection.
    const business = world.yelp.revokeBusinessAccess('yelp-user-alex', ACME.business)
    world.sims.consumerMessage('lead-parked-reply', 'Hello?')
    await waitFor('the Yelp connection flagged', async () => {
      const clients = (await world.admin.get('/api/clients')).body as Array<{
        clientId: string
        yelp: { needsReauth: boolean }
      }>
      return clients.find((c) => c.clientId === ACME.clientId)?.yelp.needsReauth === true
    })
    const text = 'We can come on Thursday.'
    const response = await world.admin.post('/api/leads/lead-parked-reply/reply', { text })
    expect(response.status, response.text).toBe(202)
    const { messageId } = response.body as { messageId: number }
    await waitFor('the reply job parked', async () => {
      const result = (await world.db.execute(
        sql`select 1 from parked_jobs where (data->>'messageRowId')::int = ${messageId}`,
      )) as unknown as { rows: unknown[] }
      return result.rows.length === 1
    })
    await ageMessage(messageId)
    await purgeExpiredLogs(world.db)
    expect(await messageExists(messageId)).toBe(true)

    business.adminUserIds.push('yelp-user-alex')
    const refreshed = await world.admin.post(`/api/clients/${ACME.clientId}/refresh-tokens`)
    expect(refreshed.body).toMatchObject({ yelp: { status: 'refreshed' } })
    await waitFor('the reply on Yelp', async () =>
      (await world.sims.yelpLead('lead-parked-reply')).events.some((e) => e.event_content.text === text),
    )
  })
})
