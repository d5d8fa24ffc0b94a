import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { leads, parkedJobs } from '../db/schema.ts'
import { recordGhlDailyCap } from '../repositories/ghl-daily-caps.repository.ts'
import { parkJob } from '../repositories/parked-jobs.repository.ts'
import { ACME, type ConnectedWorld, FAST_RETRIES, startConnectedWorld } from '../testing/connected-world.ts'
import { waitFor } from '../testing/wait-for.ts'
import { leadSyncKey, QUEUES } from './queue/queues.ts'

// Jobs the engine puts back itself (rescheduled after a provider's transient failure, deferred
// for a daily cap, re-queued after a re-authorization) keep what their queue counts them by, and
// the time they spent waiting for an operator is not charged to their retry horizon
// (docs/decisions/0016-jobs-as-declarations.md).
let world: ConnectedWorld
beforeAll(async () => {
  // Rescheduled 1.5–3 s later: long enough for every lead's job to be waiting at once.
  world = await startConnectedWorld({
    core: { providerApi: FAST_RETRIES, engine: { retryBaseMs: 3000, retryMaxMs: 3000 } },
  })
})
afterAll(() => world?.close())

const engine = () => {
  const found = world.server.server.engine
  if (!found) throw new Error('no engine')
  return found
}

async function costFetched(leadId: string): Promise<boolean> {
  const [row] = await world.db.select().from(leads).where(eq(leads.leadId, leadId))
  return Boolean(row?.metricsFetchedAt)
}

describe('rescheduled jobs', () => {
  it('keep their singleton key: five leads’ costs rescheduled during a Yelp outage are all fetched', {
    timeout: 90_000,
  }, async () => {
    const ids = [1, 2, 3, 4, 5].map((n) => `resched-cost-${n}`)
    world.yelp.server.faults.add({
      method: 'GET',
      path: '/v3/leads/resched-cost-*/metrics',
      drop: true,
      times: 1000,
    })
    for (const id of ids) world.sims.newLead(id, { costPerLeadCents: 1200 })
    await waitFor('every lead’s cost rescheduled, all waiting at once', async () => {
      const result = (await world.db.execute(sql`
        select count(distinct data->>'leadId')::int as n from pgboss.job
        where name = ${QUEUES.leadMetrics} and state = 'completed' and output ? 'rescheduled'
          and data->>'leadId' like 'resched-cost-%'
      `)) as unknown as { rows: Array<{ n: number }> }
      return Number(result.rows[0]?.n) === ids.length
    })
    world.yelp.server.faults.clear()
    await waitFor(
      'every lead’s cost fetched',
      async () => {
        for (const id of ids) if (!(await costFetched(id))) return false
        return true
      },
      30_000,
    )
  })
})

describe('the retry horizon', () => {
  it('does not count the time a job spent parked for a re-authorization', { timeout: 60_000 }, async () => {
    world.sims.newLead('parked-long')
    await waitFor('the lead stored', async () => {
      const [row] = await world.db.select().from(leads).where(eq(leads.leadId, 'parked-long'))
      return Boolean(row)
    })
    // Its failures began 25 h ago, but 24.5 h of that it was parked waiting for the owner to
    // reconnect: half an hour of its 24 h horizon is used.
    const hour = 3600_000
    await parkJob(world.db, {
      clientId: ACME.clientId,
      provider: 'ghl',
      queue: QUEUES.leadSync,
      data: {
        clientId: ACME.clientId,
        leadId: 'parked-long',
        reason: 'retry',
        retry: { since: new Date(Date.now() - 25 * hour).toISOString(), attempt: 3 },
      },
      reason: 'GoHighLevel needs re-authorization',
    })
    await world.db
      .update(parkedJobs)
      .set({ createdAt: new Date(Date.now() - 24.5 * hour) })
      .where(eq(parkedJobs.clientId, ACME.clientId))
    world.yelp.server.faults.add({ method: 'GET', path: '/v3/leads/parked-long', status: 503, times: 4 })
    expect(await engine().unpark(ACME.clientId, 'ghl')).toBe(1)
    const rescheduled = await waitFor('the sync rescheduled as its fourth attempt', async () => {
      const result = (await world.db.execute(sql`
        select state, retry_count from pgboss.job
        where name = ${QUEUES.leadSync} and data->>'leadId' = 'parked-long'
          and (data->'retry'->>'attempt')::int = 4
      `)) as unknown as { rows: Array<{ state: string; retry_count: number }> }
      return result.rows[0] ?? null
    })
    expect(rescheduled.retry_count).toBe(0)
  })
  it('does not count the time a job waited for GHL’s daily cap to reset', { timeout: 60_000 }, async () => {
    world.sims.newLead('deferred-long')
    await waitFor('the lead stored', async () => {
      const [row] = await world.db.select().from(leads).where(eq(leads.leadId, 'deferred-long'))
      return Boolean(row)
    })
    // The location's cap is spent for 8 s; the job's failures began 4 s short of its horizon.
    await recordGhlDailyCap(world.db, ACME.clientId, new Date(Date.now() + 8_000), 'daily limit reached')
    world.yelp.server.faults.add({ method: 'GET', path: '/v3/leads/deferred-long', status: 503, times: 4 })
    const data = {
      clientId: ACME.clientId,
      leadId: 'deferred-long',
      reason: 'retry',
      retry: { since: new Date(Date.now() - 24 * 3600_000 + 4_000).toISOString(), attempt: 5 },
    }
    await world.server.server.boss.send(QUEUES.leadSync, data, { singletonKey: leadSyncKey(data) })
    const rescheduled = await waitFor(
      'the sync rescheduled as its sixth attempt',
      async () => {
        const result = (await world.db.execute(sql`
        select state, retry_count from pgboss.job
        where name = ${QUEUES.leadSync} and data->>'leadId' = 'deferred-long'
          and (data->'retry'->>'attempt')::int = 6
      `)) as unknown as { rows: Array<{ state: string; retry_count: number }> }
        return result.rows[0] ?? null
      },
      30_000,
    )
    expect(rescheduled.retry_count).toBe(0)
  })
})
