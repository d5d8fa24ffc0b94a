import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clients, leads } from '../../db/schema.ts'
import { BoundedSet } from '../../lib/bounded-set.ts'
import { openQueueWorld, type QueueWorld } from '../../testing/queue-world.ts'
import { seedConnection } from '../../testing/stored-connections.ts'
import { type LeadSyncJob, PRIORITY, QUEUES } from '../queue/queues.ts'
import { enqueueWebhookSyncs, UNKNOWN_LEADS_LIVE_CAP } from './webhook-lead-admission.ts'

// The admission of a webhook's lead syncs with the leads a process remembers as stored: a
// remembered lead is not looked up again (its sync goes live), an unknown one still is, and the
// cap on a business's unknown leads holds whatever the delivery mixes (docs/decisions/0026).

let world: QueueWorld

beforeAll(async () => {
  world = await openQueueWorld()
  await world.database.db.insert(clients).values([
    { clientId: 'acme', name: 'Acme' },
    { clientId: 'bravo', name: 'Bravo' },
  ])
  await seedConnection(world.database.db, 'yelp', 'acme', { businessId: 'acme-biz' })
  await seedConnection(world.database.db, 'yelp', 'bravo', { businessId: 'bravo-biz' })
}, 60_000)
afterAll(() => world?.close())

const sync = (clientId: string, leadId: string): LeadSyncJob => ({
  clientId,
  leadId,
  reason: 'NEW_EVENT',
  eventId: `ev-${leadId}`,
})

async function storeLead(clientId: string, leadId: string) {
  await world.database.db
    .insert(leads)
    .values({ leadId, clientId, timeCreated: new Date(), lastEventTime: new Date() })
}

/** The queued lead syncs of these leads: lead id → priority. */
async function queued(leadIds: string[]): Promise<Map<string, number>> {
  const result = (await world.database.db.execute(
    sql`select data->>'leadId' as lead_id, priority from pgboss.job
      where name = ${QUEUES.leadSync} and data->>'leadId' in ${leadIds}`,
  )) as unknown as { rows: Array<{ lead_id: string; priority: number }> }
  return new Map(result.rows.map((row) => [row.lead_id, Number(row.priority)]))
}

async function admit(clientId: string, leadIds: string[], remembered: BoundedSet<string>) {
  const syncs = leadIds.map((leadId) => sync(clientId, leadId))
  // The caller's write runs the syncs' insert, as the webhook's log insert does.
  await enqueueWebhookSyncs(world.database.ingestDb, world.jobs, syncs, remembered, async (insertSyncs) => {
    if (insertSyncs) await world.database.ingestDb.execute(insertSyncs)
  })
}

describe('admitting a delivery lead syncs', () => {
  it('remembers a stored lead once looked up, and then queues its sync live without asking', async () => {
    const remembered = new BoundedSet<string>(100)
    await storeLead('acme', 'stored-1')
    await admit('acme', ['stored-1'], remembered)
    expect((await queued(['stored-1'])).get('stored-1')).toBe(PRIORITY.live)
    expect(remembered.has('acme:stored-1')).toBe(true)

    // Gone from the table since, and the business's unknown leads at their cap: looked up, it
    // would be one more unknown lead and go to the overflow.
    await world.database.db.execute(sql`delete from leads where lead_id = 'stored-1'`)
    await world.database.db.execute(sql`delete from pgboss.job where data->>'leadId' = 'stored-1'`)
    const atCap = Array.from({ length: UNKNOWN_LEADS_LIVE_CAP }, (_, i) => `acme-unknown-${i}`)
    await admit('acme', atCap, remembered)
    await admit('acme', ['stored-1'], remembered)
    expect((await queued(['stored-1'])).get('stored-1')).toBe(PRIORITY.live)
  })

  it('never remembers an unknown lead, and caps a business unknown leads beside remembered ones', async () => {
    const remembered = new BoundedSet<string>(100)
    await storeLead('bravo', 'stored-2')
    await admit('bravo', ['stored-2'], remembered)
    const unknown = Array.from({ length: UNKNOWN_LEADS_LIVE_CAP + 5 }, (_, i) => `unknown-${i}`)

    await admit('bravo', ['stored-2', ...unknown], remembered)

    const priorities = await queued(unknown)
    expect(priorities.size).toBe(unknown.length)
    const live = [...priorities.values()].filter((p) => p === PRIORITY.live)
    expect(live).toHaveLength(UNKNOWN_LEADS_LIVE_CAP)
    expect([...priorities.values()].filter((p) => p === PRIORITY.overflow)).toHaveLength(5)
    for (const id of unknown) expect(remembered.has(`bravo:${id}`)).toBe(false)
  })
})
