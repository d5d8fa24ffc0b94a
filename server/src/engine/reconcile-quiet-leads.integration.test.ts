import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { yelpTime } from '../../../sim/yelp/yelp-time.ts'
import { type ConnectedWorld, startConnectedWorld } from '../testing/connected-world.ts'
import { waitFor } from '../testing/wait-for.ts'
import { QUEUES } from './queue/queues.ts'
import { QUIET_LEAD_SLOTS, quietLeadSlot, RECONCILE_INTERVAL_MS } from './reconciler.ts'

// A lead quiet for more than three days is past every reconcile checkpoint. A message whose
// webhook is lost on it is still found: once a day (its slot of the rotation) the reconcile reads
// the lead alone and compares Yelp's last_event_time with the stored one.

const DAY_MS = 24 * 3600_000
let world: ConnectedWorld
beforeAll(async () => {
  world = await startConnectedWorld()
})
afterAll(() => world?.close())

async function queueIdle(): Promise<boolean> {
  const result = (await world.db.execute(sql`
    select count(*)::int as n from pgboss.job
    where name in (${QUEUES.leadSync}, ${QUEUES.leadSyncBulk}, ${QUEUES.reconcile})
      and state in ('created', 'retry', 'active')`)) as unknown as { rows: Array<{ n: number }> }
  return Number(result.rows[0]?.n) === 0
}

async function reconcileOnce(): Promise<void> {
  await waitFor('the queue idle', queueIdle, 60_000)
  const { server } = world.server
  await server.boss.send(QUEUES.reconcile, {})
  server.engine?.wake(QUEUES.reconcile)
  await waitFor('the reconcile to run', async () => {
    const result = (await world.db.execute(sql`
      select count(*)::int as n from pgboss.job where name = ${QUEUES.reconcile} and state = 'completed'`)) as unknown as {
      rows: Array<{ n: number }>
    }
    return Number(result.rows[0]?.n) > 0
  })
  await waitFor('the queue idle again', queueIdle, 60_000)
}

/** A lead id the reconcile looks at in the current slot (the database's hash decides). */
async function leadIdInCurrentSlot(prefix: string): Promise<string> {
  const slot = quietLeadSlot(new Date())
  const candidates = Array.from({ length: 400 }, (_, i) => `${prefix}-${i}`)
  const result = (await world.db.execute(sql`
    select c from unnest(${`{${candidates.join(',')}}`}::text[]) as c
    where abs(hashtext(c)::bigint) % ${QUIET_LEAD_SLOTS} = ${slot} limit 1`)) as unknown as {
    rows: Array<{ c: string }>
  }
  const found = result.rows[0]?.c
  if (!found) throw new Error(`no candidate id falls in slot ${slot}`)
  return found
}

describe('reconcile of leads quiet past the last checkpoint', () => {
  it('finds a message whose webhook was lost, reading the lead alone', { timeout: 120_000 }, async () => {
    // Not at the end of a 15-minute slot, so the run below takes the slot chosen here.
    await waitFor(
      'the start of a slot',
      () => Date.now() % RECONCILE_INTERVAL_MS < RECONCILE_INTERVAL_MS - 60_000,
      70_000,
    )
    const leadId = await leadIdInCurrentSlot('quiet-for-days')
    const now = world.yelp.server.clock.now()
    world.sims.newLead(leadId, { notify: false, createdAt: yelpTime(now - 5 * DAY_MS) })
    await reconcileOnce()
    const stored = await waitFor('the lead stored', async () => {
      const result = (await world.db.execute(
        sql`select 1 from leads where lead_id = ${leadId}`,
      )) as unknown as { rows: unknown[] }
      return result.rows.length === 1
    })
    expect(stored).toBe(true)

    world.yelp.setWebhookUrl(null)
    const lost = world.sims.consumerMessage(leadId, 'Are you still available next week?')
    world.yelp.setWebhookUrl(world.sims.webhookUrl())
    const leadReads = () => world.sims.yelpRequests('GET', new RegExp(`^/v3/leads/${leadId}$`)).length
    const readsBefore = leadReads()
    await reconcileOnce()
    await waitFor(
      'the lost message in GHL',
      async () => (await world.sims.ghlMessagesFor([lost])).length === 1,
    )
    expect(leadReads() - readsBefore).toBe(1)
  })
})
