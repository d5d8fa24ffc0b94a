import { importStatusSchema } from '@common/imports.ts'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { yelpTime } from '../../../sim/yelp/yelp-time.ts'
import { leads } from '../db/schema.ts'
import { ACME, type ConnectedWorld, startConnectedWorld } from '../testing/connected-world.ts'
import { sleep, waitFor } from '../testing/wait-for.ts'
import { QUEUES } from './queue/queues.ts'
import { CHECKPOINTS_MS, RECONCILE_INTERVAL_MS } from './reconciler.ts'

// docs/decisions/0013: reconcile costs what changed. Stored leads are not re-read on every run: with
// nothing new a run costs Yelp's lead_ids pages alone, and a stored lead is read again only at its
// checkpoints (docs/decisions/0013-reconcile-costs-what-changed.md). Over real HTTP, both simulators.

const QUIET = 40
const MINUTE = 60_000
let world: ConnectedWorld

async function queueIdle(): Promise<boolean> {
  const result = await world.server.server.database.execute(
    `select count(*)::int as n from pgboss.job where name in ('${QUEUES.leadSync}', '${QUEUES.leadSyncBulk}', '${QUEUES.reconcile}') and state in ('created', 'retry', 'active')`,
  )
  return Number(result.rows[0]?.n) === 0
}

/**
 * One reconcile run, and the provider calls it caused (its lead syncs included). `data` is what
 * the job carries: the cron schedule sends none, which pg-boss stores as null.
 */
async function reconcileOnce(data: object | null = {}) {
  await waitFor('the queue idle', queueIdle, 60_000)
  const yelpBefore = world.yelp.server.requests.list().length
  const ghlBefore = world.ghl.server.requests.list().length
  const { server } = world.server
  expect(await server.boss.send(QUEUES.reconcile, data as object)).toBeTruthy()
  server.engine?.wake(QUEUES.reconcile)
  await waitFor('the reconcile to run', () => world.yelp.server.requests.list().length > yelpBefore, 30_000)
  await sleep(500)
  await waitFor('the queue idle again', queueIdle, 60_000)
  await sleep(500)
  const yelp = world.yelp.server.requests.list().slice(yelpBefore)
  return {
    ghl: world.ghl.server.requests.list().slice(ghlBefore),
    list: yelp.filter((r) => r.path.endsWith('/lead_ids')),
    leadReads: yelp.filter((r) => /^\/v3\/leads\/[^/]+$/.test(r.path)),
    eventReads: yelp
      .filter((r) => r.method === 'GET' && r.path.endsWith('/events'))
      .map((r) => r.path.split('/')[3]),
  }
}

/** The stored leads whose last event is at a checkpoint now (the reconciler's rule, from the hub's rows). */
async function atCheckpointNow(): Promise<string[]> {
  const now = Date.now()
  const rows = await world.db
    .select({ leadId: leads.leadId, last: leads.lastEventTime })
    .from(leads)
    .where(and(eq(leads.clientId, ACME.clientId), eq(leads.source, 'yelp')))
  return rows
    .filter(({ last }) =>
      CHECKPOINTS_MS.some((age) => {
        const ageNow = now - last.getTime()
        return ageNow >= age && ageNow < age + RECONCILE_INTERVAL_MS
      }),
    )
    .map((row) => row.leadId)
}

beforeAll(async () => {
  world = await startConnectedWorld()
  const now = world.yelp.server.clock.now()
  // Stored leads whose last activity is hours old and at no checkpoint (5 h to 11 h 40 min).
  for (let i = 0; i < QUIET; i++)
    world.sims.newLead(`quiet-${i}`, {
      notify: false,
      createdAt: yelpTime(now - 5 * 3_600_000 - i * 10 * MINUTE),
    })
  const started = await world.admin.post('/api/import-historical-leads', { clientId: ACME.clientId })
  expect(started.status, started.text).toBe(200)
  await waitFor(
    'the import to store every lead',
    async () => {
      const status = importStatusSchema.parse(
        (await world.admin.get(`/api/clients/${ACME.clientId}/import-status`)).body,
      )
      return status.status === 'completed' && status.storedLeads === QUIET + 3
    },
    120_000,
    250,
  )
}, 180_000)
afterAll(() => world?.close())

describe('reconcile of stored leads', () => {
  it('with nothing new costs the lead_ids pages alone: no lead or event read beyond checkpoints, no GHL call', {
    timeout: 120_000,
  }, async () => {
    const due = await atCheckpointNow()
    const run = await reconcileOnce()
    expect(run.ghl).toEqual([])
    expect(run.leadReads).toEqual([])
    // 43 recent lead ids: three pages of 20.
    expect(run.list).toHaveLength(Math.ceil((QUIET + 3) / 20))
    // Before this change every stored lead was read (43 event reads); now only those at a checkpoint.
    expect(run.eventReads.sort()).toEqual(due.sort())
    expect(run.eventReads.filter((id) => id?.startsWith('quiet-'))).toEqual([])
  })

  // The regression of 2026-11-23: every cron-sent reconcile failed before its handler ran (the
  // job runner read `clientId` from null data), so webhooks lost were never caught on schedule.
  it('runs the job its cron schedule sends, which carries no data', { timeout: 120_000 }, async () => {
    const run = await reconcileOnce(null)
    expect(run.list.length).toBeGreaterThan(0)
    const failed = await world.server.server.database.execute(
      `select count(*)::int as n, json_agg(output) as outputs from pgboss.job where name = '${QUEUES.reconcile}' and state = 'failed'`,
    )
    expect(Number(failed.rows[0]?.n), JSON.stringify(failed.rows[0]?.outputs)).toBe(0)
  })

  it('catches a message whose webhook was lost on a stored lead at its checkpoint, and reads no other', {
    timeout: 120_000,
  }, async () => {
    const now = world.yelp.server.clock.now()
    // Last activity 65 min ago: at the 1 h checkpoint. 100 min ago: between the 1 h and 4 h ones.
    world.sims.newLead('at-checkpoint', { notify: false, createdAt: yelpTime(now - 65 * MINUTE) })
    world.sims.newLead('between-checkpoints', { notify: false, createdAt: yelpTime(now - 100 * MINUTE) })
    const first = await reconcileOnce()
    // Never stored: a full sync each (lead and events).
    expect(first.leadReads.map((r) => r.path).sort()).toEqual([
      '/v3/leads/at-checkpoint',
      '/v3/leads/between-checkpoints',
    ])

    // The consumer writes on both; Yelp's webhooks are lost.
    world.yelp.setWebhookUrl(null)
    const caught = world.sims.consumerMessage('at-checkpoint', 'Can you come tomorrow?')
    const later = world.sims.consumerMessage('between-checkpoints', 'Still interested')
    world.yelp.setWebhookUrl(world.sims.webhookUrl())

    const due = await atCheckpointNow()
    expect(due).toContain('at-checkpoint')
    expect(due).not.toContain('between-checkpoints')
    const second = await reconcileOnce()
    expect(second.leadReads).toEqual([])
    expect(second.eventReads.sort()).toEqual(due.sort())
    expect(await world.sims.ghlMessagesFor([caught])).toHaveLength(1)
    // Left for its 4 h checkpoint (or its next webhook): the price of not reading every lead each run.
    expect(await world.sims.ghlMessagesFor([later])).toHaveLength(0)
  })

  it('leaves a stored lead of another source alone: it is not read from Yelp at its checkpoint', {
    timeout: 120_000,
  }, async () => {
    const lastEvent = new Date(Date.now() - 65 * MINUTE)
    await world.db.insert(leads).values({
      leadId: 'other-source-lead',
      clientId: ACME.clientId,
      source: 'other',
      timeCreated: lastEvent,
      lastEventTime: lastEvent,
    })
    const run = await reconcileOnce()
    expect(run.eventReads).not.toContain('other-source-lead')
    expect(run.leadReads.map((r) => r.path)).not.toContain('/v3/leads/other-source-lead')
  })
})
