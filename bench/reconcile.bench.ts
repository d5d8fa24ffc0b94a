// Issue 10 item 6: what one reconcile costs with many stored leads and nothing new, and the
// end-to-end latency of live webhooks while a big historical import runs, beside idle, at the
// same Yelp limit. PostgreSQL only: the 5,000 stored leads are written into the hub's database
// while the hub runs (importing them through Yelp's 5 requests a second would take 30 minutes),
// which the embedded database, one process at a time, does not allow.
//
//   node --import tsx bench/reconcile.bench.ts
//
// Sizes (environment, defaults are the recorded ones): RECONCILE_LEADS=5000 IMPORT_LEADS=2000
// LIVE_LEADS=10 LIVE_RATE=2 (messages a second) LIVE_SECONDS=20 BENCH_YELP_RATE=5.
// Every request goes to 127.0.0.1 only; every wait is bounded. A JSON copy goes to bench/results/.
import { mkdirSync, writeFileSync } from 'node:fs'
import pg from 'pg'
import PgBoss from 'pg-boss'
import { CHECKPOINTS_MS, RECONCILE_INTERVAL_MS } from '../server/src/engine/reconciler.ts'
import { finishesWithin, sleep } from '../server/src/testing/wait-for.ts'
import { yelpTime } from '../sim/yelp/yelp-time.ts'
import { machine, percentile, startWorld, type World, webhookBody } from './world.ts'

const num = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback)
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`)
  return value
}
const YELP_RATE = num('BENCH_YELP_RATE', 5)
const RECONCILE_LEADS = num('RECONCILE_LEADS', 5000)
const IMPORT_LEADS = num('IMPORT_LEADS', 2000)
const LIVE_LEADS = num('LIVE_LEADS', 10)
const LIVE_RATE = num('LIVE_RATE', 2)
const LIVE_SECONDS = num('LIVE_SECONDS', 20)
const HOUR = 3_600_000
const DAY = 24 * HOUR

const stop = setTimeout(() => {
  console.error('reconcile bench: hard limit of 300 s reached')
  process.exit(2)
}, 300_000)
stop.unref()

/**
 * Lead ages spread from 5 h to 13.5 days, each moved out of the checkpoint windows (the "nothing
 * new" case: no stored lead is due for its re-read in this run). How many a uniform spread would
 * put at a checkpoint is reported beside it.
 */
function agesOffCheckpoints(count: number): { ages: number[]; wouldBeAtCheckpoint: number } {
  const ages: number[] = []
  let wouldBeAtCheckpoint = 0
  const span = 13.5 * DAY - 5 * HOUR
  for (let i = 0; i < count; i++) {
    let age = 5 * HOUR + (i * span) / count
    const hit = CHECKPOINTS_MS.find((c) => age >= c - 60_000 && age < c + RECONCILE_INTERVAL_MS + 120_000)
    if (hit !== undefined) {
      wouldBeAtCheckpoint += 1
      age = hit + RECONCILE_INTERVAL_MS + 180_000
    }
    ages.push(age)
  }
  return { ages, wouldBeAtCheckpoint }
}

async function queueIdle(db: pg.Client): Promise<boolean> {
  const { rows } = await db.query(
    `select count(*)::int n from pgboss.job where name in ('yelp-lead-sync', 'yelp-lead-sync-bulk', 'yelp-reconcile') and state in ('created', 'retry', 'active')`,
  )
  return Number(rows[0]?.n) === 0
}

/** One reconcile over the stored leads; the provider calls from the simulators' request logs. */
async function reconcileCost(world: World, db: pg.Client, boss: PgBoss) {
  const client = world.clients[0]
  if (!client) throw new Error('no client')
  const now = world.yelp.clock.now()
  const { ages, wouldBeAtCheckpoint } = agesOffCheckpoints(RECONCILE_LEADS)
  ages.forEach((age, i) => {
    world.yelp.addLead({
      id: `stored-${i}`,
      businessId: client.businessId,
      consumerName: `Stored ${i}`,
      createdAt: yelpTime(now - age),
      notify: false,
    })
  })
  // The same leads, stored in the hub as a sync leaves them (their one event forwarded long ago).
  const seedStarted = Date.now()
  for (let from = 0; from < ages.length; from += 1000) {
    const slice = ages.slice(from, from + 1000)
    await db.query(
      `insert into leads (lead_id, client_id, business_id, user_display_name, time_created, last_event_time, events)
       select 'stored-' || (g - 1 + $1), $2, $3, 'Stored ' || (g - 1 + $1), to_timestamp(t / 1000.0), to_timestamp(t / 1000.0), '[]'::jsonb
       from unnest($4::bigint[]) with ordinality as u(t, g)`,
      [from, client.clientId, client.businessId, slice.map((age) => Math.floor((now - age) / 1000) * 1000)],
    )
  }
  const seedSeconds = (Date.now() - seedStarted) / 1000
  if (!(await finishesWithin(() => queueIdle(db), 30_000))) throw new Error('queue not idle before reconcile')
  const yelpBefore = world.yelp.server.requests.list().length
  const ghlBefore = world.ghl.server.requests.list().length
  const started = Date.now()
  await boss.send('yelp-reconcile', {})
  await finishesWithin(async () => {
    const { rows } = await db.query(
      `select count(*)::int n from pgboss.job where name = 'yelp-reconcile' and state = 'completed'`,
    )
    return Number(rows[0]?.n) > 0
  }, 120_000)
  await sleep(1000)
  await finishesWithin(() => queueIdle(db), 60_000)
  const seconds = (Date.now() - started) / 1000
  const yelp = world.yelp.server.requests.list().slice(yelpBefore)
  const ghl = world.ghl.server.requests.list().slice(ghlBefore)
  const { rows: reconcileJobs } = await db.query(
    `select state::text, retry_count, singleton_key, to_char(created_on, 'HH24:MI:SS') created, to_char(started_on, 'HH24:MI:SS') started, to_char(completed_on, 'HH24:MI:SS') completed
     from pgboss.job where name = 'yelp-reconcile' order by created_on`,
  )
  const lists = yelp.filter((r) => r.path.endsWith('/lead_ids'))
  // A run starts each business's paging without `after_lead_id`; the 15-minute cron may add a run.
  const runs = lists.filter((r) => r.path.includes(client.businessId) && !r.query.after_lead_id).length
  return {
    reconcileRuns: runs,
    reconcileJobs,
    yelpStatuses: Object.fromEntries(
      [...new Set(yelp.map((r) => String(r.status)))].map((s) => [
        s,
        yelp.filter((r) => String(r.status) === s).length,
      ]),
    ),
    listCallsPerRun: +(lists.length / Math.max(1, runs)).toFixed(1),
    storedLeads: RECONCILE_LEADS,
    seedSeconds: +seedSeconds.toFixed(1),
    reconcileSeconds: +seconds.toFixed(1),
    listPagesExpected: `${Math.ceil((RECONCILE_LEADS + LIVE_LEADS) / 20)} + 1 (the second business, no leads)`,
    yelpCalls: {
      total: yelp.length,
      leadIdsList: yelp.filter((r) => r.path.endsWith('/lead_ids')).length,
      getLead: yelp.filter((r) => /^\/v3\/leads\/[^/]+$/.test(r.path)).length,
      getEvents: yelp.filter((r) => r.method === 'GET' && r.path.endsWith('/events')).length,
      other: yelp.filter((r) => !r.path.endsWith('/lead_ids') && !r.path.startsWith('/v3/leads/')).length,
    },
    ghlCalls: ghl.length,
    uniformSpreadLeadsAtACheckpoint: wouldBeAtCheckpoint,
  }
}

/** Consumer messages on already-forwarded leads through the Yelp simulator; latency to GHL. */
async function liveLatency(world: World, leads: string[], label: string) {
  const total = Math.round(LIVE_RATE * LIVE_SECONDS)
  const sentAt = new Map<string, number>()
  const phaseStart = Date.now()
  const sends: Promise<void>[] = []
  for (let k = 0; k < total; k++) {
    const wait = phaseStart + (k * 1000) / LIVE_RATE - Date.now()
    if (wait > 0) await sleep(wait)
    const leadId = leads[k % leads.length]
    sends.push(
      (async () => {
        const t0 = Date.now()
        const response = await fetch(`${world.yelp.url}/__sim/yelp/leads/${leadId}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ text: `${label} message ${k}` }),
          signal: AbortSignal.timeout(10_000),
        })
        const body = (await response.json()) as { events?: Array<{ id: string }> }
        const id = body.events?.[0]?.id
        if (id) sentAt.set(id, t0)
      })(),
    )
  }
  await Promise.all(sends)
  const arrived = await finishesWithin(() => [...sentAt.keys()].every((id) => world.arrivals.has(id)), 90_000)
  const latencies = [...sentAt]
    .map(([id, t0]) => (world.arrivals.get(id)?.[0] ?? Number.NaN) - t0)
    .filter((v) => Number.isFinite(v))
    .sort((a, b) => a - b)
  const doubled = [...sentAt.keys()].filter((id) => (world.arrivals.get(id)?.length ?? 0) > 1).length
  return {
    sent: sentAt.size,
    arrived: latencies.length,
    allArrived: arrived,
    doubled,
    p50: Math.round(percentile(latencies, 50)),
    p95: Math.round(percentile(latencies, 95)),
    max: Math.round(latencies.at(-1) ?? Number.NaN),
  }
}

const world = await startWorld({ db: 'postgres', clientCount: 2, yelpRatePerSecond: YELP_RATE })
const db = new pg.Client({ connectionString: world.databaseUrl })
await db.connect()
const boss = new PgBoss({
  connectionString: world.databaseUrl,
  schema: 'pgboss',
  supervise: false,
  schedule: false,
  migrate: false,
  max: 2,
})
await boss.start()
try {
  const [live, importer] = world.clients
  if (!live || !importer) throw new Error('two clients expected')
  // Live leads (client 0) forwarded once, so the timed messages go to known leads.
  const liveLeads = Array.from({ length: LIVE_LEADS }, (_, l) => {
    const lead = world.yelp.addLead({ id: `live-${l}`, businessId: live.businessId, notify: false })
    return { leadId: lead.id, eventId: lead.events[0]?.id ?? '' }
  })
  for (const lead of liveLeads)
    await fetch(`${world.hub.url}/yelp/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: webhookBody(live.businessId, lead.leadId, lead.eventId),
    })
  if (!(await finishesWithin(() => liveLeads.every((l) => world.arrivals.has(l.eventId)), 60_000)))
    throw new Error('live leads did not reach GHL')

  const reconcile = await reconcileCost(world, db, boss)
  console.log(JSON.stringify({ reconcile }, null, 2))

  const leadIds = liveLeads.map((l) => l.leadId)
  const idle = await liveLatency(world, leadIds, 'idle')
  console.log(JSON.stringify({ idle }, null, 2))

  // The import (client 1): its lead ids paged, then IMPORT_LEADS lead syncs queued at bulk priority.
  for (let i = 0; i < IMPORT_LEADS; i++)
    world.yelp.addLead({ id: `import-${i}`, businessId: importer.businessId, notify: false })
  const importStarted = Date.now()
  await world.admin.call('start the import', 'POST', '/api/import-historical-leads', {
    clientId: importer.clientId,
  })
  await finishesWithin(async () => {
    const { rows } = await db.query(
      `select count(*)::int n from pgboss.job where name = 'yelp-lead-sync-bulk' and data->>'reason' = 'import'`,
    )
    return Number(rows[0]?.n) >= IMPORT_LEADS
  }, 120_000)
  const importQueuedS = (Date.now() - importStarted) / 1000
  const duringImport = await liveLatency(world, leadIds, 'import')
  const { rows } = await db.query(
    `select state::text, count(*)::int n from pgboss.job where name = 'yelp-lead-sync-bulk' and data->>'reason' = 'import' group by 1`,
  )
  const importJobs = Object.fromEntries(rows.map((r) => [r.state, r.n]))
  const result = {
    scenario: 'reconcile-and-import-latency',
    db: 'postgres',
    machine: machine(),
    yelpRatePerSecond: YELP_RATE,
    settings: { RECONCILE_LEADS, IMPORT_LEADS, LIVE_LEADS, LIVE_RATE, LIVE_SECONDS },
    reconcile,
    latencyMs: { idle, duringImport, p50Ratio: +(duringImport.p50 / idle.p50).toFixed(2) },
    import: { queuedAfterS: +importQueuedS.toFixed(1), jobsWhenMeasured: importJobs },
  }
  console.log(JSON.stringify(result, null, 2))
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true })
  writeFileSync(
    new URL(`./results/reconcile-${new Date().toISOString().replace(/[:.]/g, '-')}.json`, import.meta.url),
    JSON.stringify(result, null, 2),
  )
} finally {
  await boss.stop({ graceful: false, close: true }).catch(() => {})
  await db.end()
  await world.close()
}
