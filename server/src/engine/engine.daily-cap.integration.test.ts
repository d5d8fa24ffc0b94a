import type { SystemHealth } from '@common/stats.ts'
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

// GHL's daily cap (docs/decisions/0015), over real HTTP against the simulators: a spent daily budget
// parks the location's jobs until the reset GHL names (the simulator's Retry-After), without
// further calls to GHL meanwhile; the System Health dialog shows the parked location; at the
// reset every message arrives, once. A reply is not held back by it: it reaches Yelp at once, and
// only its status report to GHL waits for the reset.
let world: ConnectedWorld
beforeAll(async () => {
  world = await startConnectedWorld({ core: { engine: { retryBaseMs: 50, retryMaxMs: 400 } } })
})
afterAll(() => world?.close())

/** Spends the location's daily budget now; the simulator's day ends `resetInMs` later. */
function spendDailyBudget(resetInMs: number): void {
  const limits = world.ghl.config.rateLimit
  limits.dayMs = resetInMs
  for (const [key, window] of world.ghl.store.rateWindows) {
    if (!key.endsWith(`:${ACME.location}`)) continue
    window.dayStart = world.ghl.server.clock.now()
    window.dayCount = limits.daily
  }
}

/** The lead syncs of lead-cap-1, -2, -3 (not the first lead's). */
async function leadSyncJobs(_leads: string[]) {
  const result = (await world.db.execute(sql`
    select state, start_after > now() + interval '3 seconds' as later
    from pgboss.job where name = ${QUEUES.leadSync} and data->>'leadId' ~ '^lead-cap-[1-9]'
  `)) as unknown as { rows: Array<{ state: string; later: boolean }> }
  return result.rows
}

async function dailyLimitCheck() {
  const answer = await world.admin.get('/api/system-health')
  expect(answer.status).toBe(200)
  return (answer.body as SystemHealth).checks.find((check) => check.key === 'ghlDailyLimit')
}

const ghlCalls = () => world.ghl.server.requests.list().filter((r) => !r.path.startsWith('/__sim'))

describe('GHL’s daily cap', () => {
  it('parks the location’s jobs until the reset, shows it, then forwards everything once', {
    timeout: 120_000,
  }, async () => {
    const first = world.sims.newLead('lead-cap-0')
    await waitFor('first in GHL', async () => (await world.sims.ghlMessagesFor([first])).length === 1)
    expect((await dailyLimitCheck())?.state).toBe('ok')

    spendDailyBudget(20_000)
    const leads = ['lead-cap-1', 'lead-cap-2', 'lead-cap-3']
    const events = leads.map((id) => world.sims.newLead(id))
    // Each lead's sync is waiting for the reset: queued for later, none running.
    await waitFor('the jobs parked until the reset', async () => {
      const jobs = await leadSyncJobs(leads)
      return (
        jobs.filter((j) => j.state === 'created' && j.later).length === leads.length &&
        !jobs.some((j) => j.state === 'active')
      )
    })
    const check = await dailyLimitCheck()
    expect(check?.state).toBe('warning')
    expect(check?.detail).toContain(ACME.location)

    // Parked means no calls to GHL: nothing more is sent until the reset.
    const refused = ghlCalls().filter((r) => r.status === 429)
    expect(refused.length).toBeGreaterThan(0)
    const before = ghlCalls().length
    await sleep(3000)
    expect(ghlCalls().length).toBe(before)

    await waitFor(
      'every message in GHL after the reset',
      async () => (await world.sims.ghlMessagesFor(events)).length === events.length,
      60_000,
    )
    await sleep(1000)
    const copies = await world.sims.ghlMessagesFor(events)
    expect(copies.map((m) => m.altId).sort()).toEqual([...events].sort())
    expect(await leadSyncJobs(leads)).not.toContainEqual(expect.objectContaining({ state: 'failed' }))
    await waitFor('the health check back to ok', async () => (await dailyLimitCheck())?.state === 'ok')
  })
})

describe('a reply while GHL’s daily cap is spent', () => {
  it('reaches Yelp at once; its status report to GHL waits for the reset and is sent once', {
    timeout: 120_000,
  }, async () => {
    const first = world.sims.newLead('lead-cap-reply')
    await waitFor('first in GHL', async () => (await world.sims.ghlMessagesFor([first])).length === 1)
    const contactId = await contactOf(world.db, 'lead-cap-reply')
    if (!contactId) throw new Error('no contact')

    spendDailyBudget(20_000)
    const text = 'Thanks, we can come by on Thursday.'
    const sent = await world.ghl.simulateUserReply({ locationId: ACME.location, contactId, message: text })
    // Past GHL's "downstreaming" window, so the status report meets the cap, not GHL's 403.
    world.ghl.server.clock.advance(6000)
    const bizEvents = async () =>
      (await world.sims.yelpLead('lead-cap-reply')).events.filter(
        (e) => e.user_type === 'BIZ' && e.event_content.text === text,
      )
    await waitFor('the reply on Yelp while the cap holds', async () => (await bizEvents()).length === 1)
    await waitFor(
      'the reply recorded as delivered',
      async () => (await messageRow(world.db, `ghl:${sent.messageId}`))?.status === 'success',
    )

    // Its status report met the cap: the job waits for the reset, queued for later, not failed.
    const statusReports = () =>
      world.sims.ghlRequests('PUT', `/conversations/messages/${sent.messageId}/status`)
    await waitFor('the status report refused by the daily cap', async () =>
      statusReports().some((r) => r.status === 429),
    )
    await waitFor('the reply job queued for the reset', async () => {
      const result = (await world.db.execute(sql`
        select state, start_after > now() + interval '3 seconds' as later from pgboss.job
        where name = ${QUEUES.reply} and data->>'ghlMessageId' = ${sent.messageId}
      `)) as unknown as { rows: Array<{ state: string; later: boolean }> }
      return result.rows.some((j) => j.state === 'created' && j.later)
    })
    const ghlStatus = async () =>
      (await world.sims.ghlMessages()).find((m) => m.id === sent.messageId)?.status
    expect(await ghlStatus()).not.toBe('delivered')

    await waitFor('delivered in GHL after the reset', async () => (await ghlStatus()) === 'delivered', 60_000)
    await sleep(1000)
    expect(await bizEvents()).toHaveLength(1)
    expect(statusReports().filter((r) => r.status === 200)).toHaveLength(1)
  })
})
