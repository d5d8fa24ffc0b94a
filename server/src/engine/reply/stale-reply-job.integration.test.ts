import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME, type ConnectedWorld, contactOf, startConnectedWorld } from '../../testing/connected-world.ts'
import { waitFor } from '../../testing/wait-for.ts'
import { type HubReplyJob, QUEUES, type ReplyJob } from '../queue/queues.ts'

// A reply job names its `messages` row by id. A job left over from another database (a restore
// with --force keeps the queue, and the restored id sequence hands the same ids to new rows)
// must not post that row's text to its own lead: the job checks that the row is its own.

let world: ConnectedWorld
beforeAll(async () => {
  // A failed attempt comes back 30 to 60 minutes later, so the reply stays pending meanwhile.
  world = await startConnectedWorld({ core: { engine: { retryBaseMs: 3_600_000, retryMaxMs: 3_600_000 } } })
})
afterAll(() => world?.close())

async function forwardedLead(leadId: string): Promise<void> {
  const first = world.sims.newLead(leadId)
  await waitFor(`${leadId} in GHL`, async () => (await world.sims.ghlMessagesFor([first])).length === 1)
}

const bizTexts = async (leadId: string) =>
  (await world.sims.yelpLead(leadId)).events
    .filter((e) => e.user_type === 'BIZ')
    .map((e) => e.event_content.text)

async function jobState(id: string): Promise<string | undefined> {
  const result = (await world.db.execute(
    sql`select state from pgboss.job where id = ${id}::uuid`,
  )) as unknown as { rows: Array<{ state: string }> }
  return result.rows[0]?.state
}

describe('a reply job whose row belongs to another lead', () => {
  it('ends without posting, for inbox and GHL replies, and leaves the row to its own job', async () => {
    await forwardedLead('lead-stale-a')
    await forwardedLead('lead-stale-b')
    world.yelp.server.faults.add({
      method: 'POST',
      path: '/v3/leads/lead-stale-b/events',
      status: 503,
      times: 1,
    })
    const text = 'Your quote for lead B: $1,200'
    const contactId = await contactOf(world.db, 'lead-stale-b')
    if (!contactId) throw new Error('no contact for lead B')
    const sent = await world.ghl.simulateUserReply({ locationId: ACME.location, contactId, message: text })
    const messageId = await waitFor('lead B’s reply rescheduled', async () => {
      const result = (await world.db.execute(sql`
        select (data->>'messageRowId')::int as row_id from pgboss.job where name = ${QUEUES.reply}
          and state = 'created' and data->>'ghlMessageId' = ${sent.messageId}
          and start_after > now() + interval '20 minutes'`)) as unknown as { rows: Array<{ row_id: number }> }
      return result.rows[0]?.row_id
    })

    const boss = world.server.server.boss
    const staleHub: HubReplyJob = { clientId: ACME.clientId, leadId: 'lead-stale-a', messageRowId: messageId }
    const staleGhl: ReplyJob = {
      clientId: ACME.clientId,
      leadId: 'lead-stale-a',
      ghlMessageId: 'ghl-message-of-another-database',
      ghlLocationId: ACME.location,
      messageRowId: messageId,
    }
    const ids = [await boss.send(QUEUES.hubReply, staleHub), await boss.send(QUEUES.reply, staleGhl)]
    for (const id of ids) {
      if (!id) throw new Error('the stale job was not queued')
      const state = await waitFor(`stale job ${id} to end`, async () => {
        const now = await jobState(id)
        return now === 'completed' || now === 'failed' ? now : null
      })
      expect(state).toBe('completed')
    }
    expect(await bizTexts('lead-stale-a')).not.toContain(text)
    const row = (await world.db.execute(
      sql`select status, metadata->>'leadId' as lead from messages where id = ${messageId}`,
    )) as unknown as { rows: Array<{ status: string; lead: string }> }
    expect(row.rows[0]).toEqual({ status: 'pending', lead: 'lead-stale-b' })
  })
})
