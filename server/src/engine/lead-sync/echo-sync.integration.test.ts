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
const SLOW_LEAD = 'echo-lead-slow'

beforeAll(async () => {
  world = await startConnectedWorld()
  const firsts = [world.sims.newLead(LEAD), world.sims.newLead(SLOW_LEAD)]
  await waitFor('the leads forwarded', async () => (await world.sims.ghlMessagesFor(firsts)).length === 2)
}, 60_000)
afterAll(() => world?.close())

async function echoSyncs(leadId: string, eventId: string): Promise<Array<{ name: string; reason: string }>> {
  const result = (await world.db.execute(
    sql`select name, data->>'reason' as reason from pgboss.job
      where data->>'leadId' = ${leadId} and data->>'eventId' = ${eventId} and data->>'reason' = ${ECHO_SYNC}`,
  )) as unknown as { rows: Array<{ name: string; reason: string }> }
  return result.rows
}

/**
 * Yelp stores the next reply to the lead at once (and sends its webhook) but answers the post a
 * second later, so the echo's sync starts before the reply has read its event back.
 */
function answerRepliesLate(leadId: string): void {
  world.yelp.server.faults.add({ method: 'POST', path: `/v3/leads/${leadId}/events`, slowResponseMs: 1000 })
}

/** GHL holds the text once: the hub's mirror of the reply, never its echo forwarded again. */
async function expectMirroredOnce(text: string): Promise<void> {
  await waitFor('the GHL mirror', async () => (await world.sims.ghlMessages()).some((m) => m.body === text))
  expect((await world.sims.ghlMessages()).filter((m) => m.body === text)).toHaveLength(1)
}

/** Sends a reply from the inbox; its message id. */
async function reply(leadId: string, text: string): Promise<number> {
  const sent = await world.admin.post(`/api/leads/${leadId}/reply`, { text })
  expect(sent.status, sent.text).toBe(202)
  return (sent.body as { messageId: number }).messageId
}

/** The Yelp event id the reply read back once delivered. */
function deliveredEventId(leadId: string, messageId: number): Promise<string> {
  return waitFor('the reply delivered and its event read back', async () => {
    const lead = (await world.admin.get(`/api/leads/${leadId}`)).body as {
      replies: Array<{ messageId: number; status: string; yelpEventId: string | null }>
    }
    const found = lead.replies.find((r) => r.messageId === messageId)
    return found?.status === 'success' ? found.yelpEventId : null
  })
}

describe("the webhook of the hub's own reply", () => {
  it('is synced as bulk work once the reply claimed it, stores the event, and forwards nothing', {
    timeout: 60_000,
  }, async () => {
    const text = 'Thanks, we can come by on Tuesday'
    const echoId = await deliveredEventId(LEAD, await reply(LEAD, text))

    // Yelp delivers the echo's webhook (again, as it may): no live sync reads Yelp for it.
    const readsBefore = world.sims.yelpRequests('GET', new RegExp(`^/v3/leads/${LEAD}/events`)).length
    const redelivered = await world.sims.postWebhook([{ leadId: LEAD, eventId: echoId }])
    expect(redelivered.status).toBe(200)
    await waitFor('the echo moved to the bulk queue', async () => {
      const jobs = await echoSyncs(LEAD, echoId)
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
    await expectMirroredOnce(text)
  })

  it('waits for a reply still reading its event back, then syncs its echo as bulk work', {
    timeout: 60_000,
  }, async () => {
    answerRepliesLate(SLOW_LEAD)
    const text = 'We have a crew free on Thursday morning'
    const echoId = await deliveredEventId(SLOW_LEAD, await reply(SLOW_LEAD, text))
    await waitFor('the echo synced as bulk work', async () =>
      (await echoSyncs(SLOW_LEAD, echoId)).some((job) => job.name === QUEUES.leadSyncBulk),
    )
    await expectMirroredOnce(text)
  })

  it('forwards a consumer message that arrives while a reply is on its way, a moment later', {
    timeout: 60_000,
  }, async () => {
    answerRepliesLate(SLOW_LEAD)
    const messageId = await reply(SLOW_LEAD, 'Does 10am suit you?')
    // The customer writes while the reply's post is still unanswered.
    await waitFor('the reply on its way', async () =>
      (await world.sims.yelpLead(SLOW_LEAD)).events.some(
        (e) => e.event_content.text === 'Does 10am suit you?',
      ),
    )
    const consumerEvent = world.sims.consumerMessage(SLOW_LEAD, '10am is perfect, thank you')
    await waitFor(
      'the consumer message forwarded',
      async () => (await world.sims.ghlMessagesFor([consumerEvent])).length,
    )
    await deliveredEventId(SLOW_LEAD, messageId)
  })
})
