import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ConnectedWorld, contactOf, startConnectedWorld } from '../../testing/connected-world.ts'
import { waitFor } from '../../testing/wait-for.ts'
import { JOB_EXPIRE_SECONDS, QUEUES } from '../queue/queues.ts'

// pg-boss fails a handler that runs past its expiry and runs the job again while the first run
// goes on. An inbox reply whose GHL mirror takes longer than that must still be mirrored once:
// the second run waits for the first instead of posting its own copy. The provider timeout is
// raised so the slow call is one call, not the client's own retries.

const SLOWER_THAN_EXPIRY_MS = (JOB_EXPIRE_SECONDS + 10) * 1000
let world: ConnectedWorld
beforeAll(async () => {
  world = await startConnectedWorld({ core: { providerApi: { timeoutMs: SLOWER_THAN_EXPIRY_MS + 20_000 } } })
})
afterAll(() => world?.close())

async function liveHubReplyJobs(): Promise<number> {
  const result = (await world.db.execute(sql`
    select count(*)::int as n from pgboss.job
    where name = ${QUEUES.hubReply} and state in ('created', 'retry', 'active')`)) as unknown as {
    rows: Array<{ n: number }>
  }
  return Number(result.rows[0]?.n)
}

describe('an inbox reply whose GHL mirror outlasts the job expiry', () => {
  it('is mirrored into GHL once', { timeout: 150_000 }, async () => {
    const first = world.sims.newLead('lead-slow-mirror')
    await waitFor('the lead in GHL', async () => (await world.sims.ghlMessagesFor([first])).length === 1)
    const text = 'We will bring the ladder on Friday.'
    world.ghl.server.faults.add({
      method: 'POST',
      path: '/conversations/messages/inbound',
      bodyIncludes: text,
      delayMs: SLOWER_THAN_EXPIRY_MS,
      times: 1,
    })
    const repliedAt = Date.now()
    const response = await world.admin.post('/api/leads/lead-slow-mirror/reply', { text })
    expect(response.status, response.text).toBe(202)
    const contactId = await contactOf(world.db, 'lead-slow-mirror')
    const mirrors = async () =>
      (await world.sims.ghlMessages()).filter((m) => m.body === text && m.contactId === contactId)
    // The slow call is logged when GHL answers it, after the delay.
    await waitFor(
      'GHL to answer the slow call',
      () =>
        world.sims
          .ghlRequests('POST', '/conversations/messages/inbound')
          .some(
            (r) =>
              JSON.stringify(r.body).includes(text) &&
              Date.parse(r.time) >= repliedAt + SLOWER_THAN_EXPIRY_MS,
          ),
      SLOWER_THAN_EXPIRY_MS + 30_000,
    )
    await waitFor('every run of the reply ended', async () => (await liveHubReplyJobs()) === 0, 60_000)
    expect(await mirrors()).toHaveLength(1)
  })
})
