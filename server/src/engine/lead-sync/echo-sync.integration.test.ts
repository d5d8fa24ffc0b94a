import { QUEUES } from '@common/queues.ts'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ConnectedWorld, startConnectedWorld } from '../../testing/connected-world.ts'
import { waitFor } from '../../testing/wait-for.ts'
import { ECHO_SYNC } from '../queue/queues.ts'

// Yelp sends a webhook for every event, the hub's own replies included. The reply job reads its
// posted event back and claims it as the echo; the echo's webhook then only has to store that
// event on the lead. In a burst of new leads, each first reply's echo went to a live worker and
// spent a Yelp read ahead of leads still waiting for their first sync (bench/RESULTS.md).

let world: ConnectedWorld
const LEAD = 'echo-lead'

beforeAll(async () => {
  world = await startConnectedWorld()
  const first = world.sims.newLead(LEAD)
  await waitFor('the lead forwarded', async () => (await world.sims.ghlMessagesFor([first])).length)
}, 60_000)
afterAll(() => world?.close())

async function echoSyncs(eventId: string): Promise<Array<{ name: string; reason: string }>> {
  const result = (await world.db.execute(
    sql`select name, data->>'reason' as reason from pgboss.job
      where data->>'leadId' = ${LEAD} and data->>'eventId' = ${eventId} and data->>'reason' = ${ECHO_SYNC}`,
  )) as unknown as { rows: Array<{ name: string; reason: string }> }
  return result.rows
}

describe("the webhook of the hub's own reply", () => {
  it('is synced as bulk work once the reply claimed it, stores the event, and forwards nothing', {
    timeout: 60_000,
  }, async () => {
    const text = 'Thanks, we can come by on Tuesday'
    const sent = await world.admin.post(`/api/leads/${LEAD}/reply`, { text })
    expect(sent.status, sent.text).toBe(202)
    const { messageId } = sent.body as { messageId: number }
    const echoId = await waitFor('the reply delivered and its event read back', async () => {
      const lead = (await world.admin.get(`/api/leads/${LEAD}`)).body as {
        replies: Array<{ messageId: number; status: string; yelpEventId: string | null }>
      }
      const reply = lead.replies.find((r) => r.messageId === messageId)
      return reply?.status === 'success' ? reply.yelpEventId : null
    })

    // Yelp delivers the echo's webhook (again, as it may): no live sync reads Yelp for it.
    const readsBefore = world.sims.yelpRequests('GET', new RegExp(`^/v3/leads/${LEAD}/events`)).length
    const redelivered = await world.sims.postWebhook([{ leadId: LEAD, eventId: echoId }])
    expect(redelivered.status).toBe(200)
    await waitFor('the echo moved to the bulk queue', async () => {
      const jobs = await echoSyncs(echoId)
      return jobs.some((job) => job.name === QUEUES.leadSyncBulk) ? jobs : null
    })
    // Its bulk sync stores the event on the lead (the last message is now the business's).
    await waitFor(
      'the echo stored on the lead',
      async () =>
        ((await world.admin.get(`/api/leads/${LEAD}`)).body as { lastMessage: string }).lastMessage ===
        'outbound',
    )
    const reads = world.sims.yelpRequests('GET', new RegExp(`^/v3/leads/${LEAD}/events`)).length - readsBefore
    // The bulk sync's one incremental read, or none when an earlier sync had stored it already.
    expect(reads).toBeLessThanOrEqual(1)
    // Never forwarded to GHL as a message of its own: GHL holds the reply once, as the hub's mirror.
    await waitFor('the GHL mirror', async () => (await world.sims.ghlMessages()).some((m) => m.body === text))
    expect((await world.sims.ghlMessages()).filter((m) => m.body === text)).toHaveLength(1)
  })
})
