// Forwarding-engine benchmarks (issue 5): webhook ack throughput and latency beside a bare
// node:http server, end-to-end webhook → GHL inbound message latency, and the drain of a backlog
// of queued events over many GHL locations. The hub runs as a child process (as `npm start`
// runs it); the Yelp and GHL simulators run inside this process.
//
//   node --import tsx bench/engine.bench.ts ack|e2e|drain            (PGlite)
//   BENCH_DB=postgres node --import tsx bench/engine.bench.ts ack     (a fresh database on
//     BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres, dropped afterwards;
//     or BENCH_DATABASE_URL=<an empty database> to use that one)
//
// Sizes (environment, defaults are the recorded ones): ACK_SECONDS=10 ACK_RATE=500 ACK_LEADS=50
// ACK_CONNECTIONS=10 (the ack rows: the maximum, ACK_RATE as autocannon offers it, in a burst at
// the start of each second, and ACK_RATE paced evenly, paced-load.mjs); E2E_RATE=20 E2E_SECONDS=30 E2E_LEADS=50; DRAIN_CLIENTS=50 DRAIN_LEADS=2
// DRAIN_EVENTS=50 (per lead) DRAIN_TIMEOUT_S=170. Every request goes to 127.0.0.1 only, and
// every loop is bounded in count and time. A JSON copy of each result goes to bench/results/.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import type autocannon from 'autocannon'
import pg from 'pg'
import { finishesWithin, sleep } from '../server/src/testing/wait-for.ts'
import { resetStatementProfile, statementProfile } from './pg-statements.ts'
import {
  cpuMeter,
  type DbKind,
  engineSettings,
  freePort,
  machine,
  percentile,
  type SqlRunner,
  startWorld,
  type World,
  webhookBody,
} from './world.ts'

const num = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback)
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`)
  return value
}
const DB: DbKind = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite'
/** Yelp's limit per endpoint: 5 a second unless Yelp raised it for the partner (docs/providers/yelp.md §1). */
const YELP_RATE = num('BENCH_YELP_RATE', 5)
const LEAD_SYNC = 'yelp-lead-sync'

// ---------------------------------------------------------------------------------------------
// Helpers

interface Seeded {
  leadId: string
  eventIds: string[]
}

/** Leads with consumer messages in the Yelp simulator; no webhook is sent for them. */
function seedLeads(
  world: World,
  businessId: string,
  prefix: string,
  leads: number,
  events: number,
): Seeded[] {
  const seeded: Seeded[] = []
  for (let l = 0; l < leads; l++) {
    const lead = world.yelp.addLead({
      id: `${prefix}-${l}`,
      businessId,
      consumerName: `Consumer ${prefix}-${l}`,
      notify: false,
      events: Array.from({ length: events }, (_, e) => ({ text: `${prefix}-${l} message ${e}` })),
    })
    seeded.push({ leadId: lead.id, eventIds: lead.events.map((e) => e.id) })
  }
  return seeded
}

/** POSTs webhooks to the hub with bounded concurrency; returns the statuses seen. */
async function postWebhooks(world: World, bodies: string[], concurrency: number) {
  const statuses = new Map<number, number>()
  let next = 0
  const worker = async () => {
    while (next < bodies.length) {
      const body = bodies[next++] ?? ''
      let status = 0
      try {
        const response = await fetch(`${world.hub.url}/yelp/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(10_000),
        })
        await response.arrayBuffer()
        status = response.status
      } catch {
        status = -1
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return Object.fromEntries(statuses)
}

/** Every expected Yelp event id appears exactly once as a GHL message altId, and nothing else appears. */
function checkExactlyOnce(world: World, expected: Set<string>) {
  const seen = new Map<string, number>()
  for (const message of world.ghl.store.messages.values()) {
    if (message.altId) seen.set(message.altId, (seen.get(message.altId) ?? 0) + 1)
  }
  let missing = 0
  let doubled = 0
  for (const id of expected) {
    const count = seen.get(id) ?? 0
    if (count === 0) missing += 1
    if (count > 1) doubled += count - 1
  }
  const unexpected = [...seen.keys()].filter((id) => !expected.has(id)).length
  return { expected: expected.size, missing, doubled, unexpected, ghlMessages: world.ghl.store.messages.size }
}

/** Provider calls the simulators saw (and how many were refused with 429) since `sinceMs`. */
function providerCalls(world: World, sinceMs = 0) {
  const since = (time: string) => Date.parse(time) >= sinceMs
  const yelp = world.yelp.requests.list().filter((r) => since(r.time))
  const ghl = world.ghl.server.requests.list().filter((r) => since(r.time))
  const getLead = yelp.filter((r) => r.method === 'GET' && /^\/v3\/leads\/[^/]+$/.test(r.path))
  const getEvents = yelp.filter((r) => r.method === 'GET' && /^\/v3\/leads\/[^/]+\/events$/.test(r.path))
  // Busiest one-second window of Yelp calls per endpoint, and busiest ten-second window of GHL
  // calls for one location: against the limits of 5/s per endpoint and 100 per 10 s per location.
  const busiest = (times: number[], windowMs: number) => {
    const sorted = [...times].sort((a, b) => a - b)
    let best = 0
    let start = 0
    for (let end = 0; end < sorted.length; end++) {
      while ((sorted[end] ?? 0) - (sorted[start] ?? 0) >= windowMs) start += 1
      best = Math.max(best, end - start + 1)
    }
    return best
  }
  const byLocation = new Map<string, number[]>()
  for (const r of ghl) {
    const auth = String(r.headers.authorization ?? '')
    const token = auth.replace(/^Bearer /, '')
    const location =
      world.ghl.store.accessTokens.get(token)?.locationId ??
      world.ghl.store.apiKeys.get(token)?.locationId ??
      'other'
    byLocation.set(location, [...(byLocation.get(location) ?? []), Date.parse(r.time)])
  }
  return {
    yelpBusiestSecondPerEndpoint: Math.max(
      busiest(
        getLead.map((r) => Date.parse(r.time)),
        1000,
      ),
      busiest(
        getEvents.map((r) => Date.parse(r.time)),
        1000,
      ),
    ),
    ghlBusiest10sOneLocation: Math.max(0, ...[...byLocation.values()].map((t) => busiest(t, 10_000))),
    yelpGetLead: getLead.length,
    yelpGetEvents: getEvents.length,
    yelp429: yelp.filter((r) => r.status === 429).length,
    ghlCalls: ghl.filter((r) => !r.path.startsWith('/__sim')).length,
    ghl429: ghl.filter((r) => r.status === 429).length,
    getLeadTimes: getLead.map((r) => Date.parse(r.time)),
  }
}

/**
 * Lead-sync jobs read from the hub's database after it stopped: how many, in which state, how many
 * only deferred themselves (another sync of the lead was running), and the time from enqueue to
 * completion. (`started_on` is not used: the engine's heartbeat rewrites it every 5 s.)
 */
async function jobStats(sql: SqlRunner, sinceIso: string) {
  const rows = await sql(`
    select state::text as state, (output ? 'deferred') as deferred, retry_count,
           extract(epoch from (completed_on - created_on)) * 1000 as sojourn_ms
    from pgboss.job where name = '${LEAD_SYNC}' and created_on >= '${sinceIso}'`)
  const states: Record<string, number> = {}
  for (const r of rows) states[String(r.state)] = (states[String(r.state)] ?? 0) + 1
  const sojourn = rows
    .map((r) => (r.sojourn_ms === null ? Number.NaN : Number(r.sojourn_ms)))
    .filter((v) => Number.isFinite(v))
    .sort((a, b) => a - b)
  return {
    jobs: rows.length,
    states,
    deferred: rows.filter((r) => r.deferred === true).length,
    retried: rows.filter((r) => Number(r.retry_count) > 0).length,
    enqueueToCompletionMs: {
      p50: Math.round(percentile(sojourn, 50)),
      p95: Math.round(percentile(sojourn, 95)),
    },
    engine: engineSettings(),
  }
}

/**
 * Samples the lead-sync queue through the hub's jobs API once a second: how many jobs run and how
 * many wait. Works on both databases (PGlite can only be read by the hub itself).
 */
function queueSampler(world: World) {
  const samples: Array<{ active: number; queued: number }> = []
  let stopped = false
  const count = async (state: string) =>
    (
      await world.admin.call<Array<{ queue: string }>>(
        'list the jobs',
        'GET',
        `/api/jobs?state=${state}&limit=500`,
      )
    ).filter((j) => j.queue === LEAD_SYNC).length
  const loop = (async () => {
    while (!stopped) {
      const started = Date.now()
      try {
        const [active, queued] = await Promise.all([count('active'), count('created')])
        samples.push({ active, queued })
      } catch {
        // The hub is busy or stopping; skip this sample.
      }
      await sleep(Math.max(0, 1000 - (Date.now() - started)))
    }
  })()
  return async () => {
    stopped = true
    await loop
    const withBacklog = samples.filter((s) => s.queued > 0)
    const mean = (values: number[]) =>
      values.length ? +(values.reduce((a, b) => a + b, 0) / values.length).toFixed(2) : null
    return {
      samples: samples.length,
      meanActive: mean(samples.map((s) => s.active)),
      meanQueued: mean(samples.map((s) => s.queued)),
      maxQueued: Math.max(0, ...samples.map((s) => s.queued)),
      secondsWithBacklog: withBacklog.length,
      meanActiveWhileBacklog: mean(withBacklog.map((s) => s.active)),
    }
  }
}

/**
 * PostgreSQL only: fetches pg-boss gave up on because the oldest queued job's lead was already
 * running (the stately unique index `…_i3` refused `state = 'active'`), counted in the server log.
 */
function refusedFetches(world: World): number | null {
  if (!world.databaseName) return null
  const logFile = process.env.BENCH_PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log'
  let log: string
  try {
    log = readFileSync(logFile, 'utf8')
  } catch {
    return null
  }
  const marker = `@${world.databaseName} DETAIL:  Key (name, state, COALESCE(singleton_key, ''::text))=(${LEAD_SYNC}, active,`
  return log.split('\n').filter((line) => line.includes(marker)).length
}

/** PostgreSQL's own counters for the hub's database (null on PGlite, which only the hub can open). */
async function pgStats(world: World): Promise<Record<string, number> | null> {
  if (!world.databaseUrl) return null
  const client = new pg.Client({ connectionString: world.databaseUrl })
  await client.connect()
  try {
    const db = await client.query(
      `select xact_commit, xact_rollback, tup_returned, tup_fetched, tup_inserted, tup_updated, tup_deleted
       from pg_stat_database where datname = current_database()`,
    )
    const job = await client.query(
      `select seq_scan, idx_scan, n_tup_ins, n_tup_upd from pg_stat_user_tables
       where schemaname = 'pgboss' and relname = 'job'`,
    )
    const row = {
      ...db.rows[0],
      ...Object.fromEntries(Object.entries(job.rows[0] ?? {}).map(([k, v]) => [`job_${k}`, v])),
    }
    return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]))
  } finally {
    await client.end()
  }
}

async function webhookLogCounts(sql: SqlRunner) {
  const rows = await sql(`
    select status_code, count(*)::int as n from webhook_logs
    where endpoint = '/yelp/webhook' and method = 'POST' group by status_code`)
  return Object.fromEntries(rows.map((r) => [String(r.status_code), Number(r.n)]))
}

function save(name: string, result: unknown) {
  const dir = new URL('./results/', import.meta.url).pathname
  mkdirSync(dir, { recursive: true })
  const file = `${dir}${name}-${DB}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`)
  console.log(`(saved ${file})`)
}

// ---------------------------------------------------------------------------------------------
// a. Webhook ack

interface CannonRow {
  target: string
  mode: string
  rps: number
  p50: number
  p99: number
  total2xx: number
  non2xx: number
  errors: number
  cpu: ReturnType<ReturnType<typeof cpuMeter>>
  /** A paced run's 25 slowest requests: when each was due (ms from the start) and its latency. */
  slowest?: Array<{ atMs: number; ms: number }>
}

async function cannon(
  target: string,
  url: string,
  bodies: string[],
  mode: { rate?: number; paced?: boolean; seconds: number; connections: number; pid?: number },
): Promise<CannonRow> {
  const loader = spawn(process.execPath, [new URL('./load-generator.mjs', import.meta.url).pathname], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const meter = cpuMeter(mode.pid, loader.pid)
  let output = ''
  loader.stdout?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<number | null>((resolve) => loader.once('exit', resolve))
  loader.stdin?.end(
    JSON.stringify({
      url,
      path: '/yelp/webhook',
      connections: mode.connections,
      seconds: mode.seconds,
      rate: mode.rate,
      paced: mode.paced,
      bodies,
    }),
  )
  const code = await exited
  const cpu = meter()
  if (code !== 0) throw new Error(`load generator exited with ${code}`)
  const result = JSON.parse(output) as autocannon.Result & Pick<CannonRow, 'slowest'>
  return {
    target,
    mode: mode.rate
      ? `${mode.rate} req/s ${mode.paced ? 'paced' : 'in bursts'}`
      : `max (${mode.connections} connections)`,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    total2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    cpu,
    ...(result.slowest ? { slowest: result.slowest } : {}),
  }
}

async function startBare(): Promise<{ url: string; child: ChildProcess; stop: () => Promise<void> }> {
  const port = await freePort()
  const child = spawn(process.execPath, [new URL('./bare-http.mjs', import.meta.url).pathname], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)
  child.once('exit', () => process.removeListener('exit', killOnExit))
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve())
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)))
  })
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

async function ackScenario() {
  const seconds = num('ACK_SECONDS', 10)
  const rate = num('ACK_RATE', 500)
  const leadCount = num('ACK_LEADS', 50)
  const connections = num('ACK_CONNECTIONS', 10)
  const world = await startWorld({ db: DB, clientCount: 1, yelpRatePerSecond: YELP_RATE })
  const [client] = world.clients
  if (!client) throw new Error('no client')
  const leads = seedLeads(world, client.businessId, 'ack', leadCount, 1)
  const expected = new Set(leads.flatMap((l) => l.eventIds))
  const bodies = leads.map((l) => webhookBody(client.businessId, l.leadId, l.eventIds[0] ?? ''))
  // Forward each lead's message once, so the timed runs measure acks of leads the hub knows,
  // and any second GHL message afterwards would be a double.
  const seedStatuses = await postWebhooks(world, bodies, 4)
  const seeded = await finishesWithin(() => [...expected].every((id) => world.arrivals.has(id)), 60_000)
  if (!seeded) throw new Error(`seeding: only ${world.arrivals.size}/${expected.size} messages reached GHL`)
  const idle = () =>
    finishesWithin(
      async () => {
        const open = await world.admin.call<unknown[]>(
          'list the jobs',
          'GET',
          `/api/jobs?state=created&limit=500`,
        )
        const active = await world.admin.call<unknown[]>(
          'list the jobs',
          'GET',
          `/api/jobs?state=active&limit=500`,
        )
        return open.length + active.length === 0
      },
      30_000,
      500,
    )

  const rows: CannonRow[] = []
  const hubUrl = `${world.hub.url}/yelp/webhook`
  const pid = world.hub.child.pid
  const warm = await cannon('hub (warm-up)', hubUrl, bodies, { seconds: 3, connections, pid })
  await idle()
  const statsBefore = await pgStats(world)
  const profiled = world.databaseUrl ? await resetStatementProfile(world.databaseUrl) : false
  rows.push(await cannon('hub', hubUrl, bodies, { seconds, connections, pid }))
  await sleep(1000)
  const statsAfter = await pgStats(world)
  const statementsAtMax = profiled && world.databaseUrl ? await statementProfile(world.databaseUrl) : null
  const queuedAfterMax = (
    await world.admin.call<unknown[]>('list the jobs', 'GET', '/api/jobs?state=created&limit=500')
  ).length
  const hubRss = world.hub.rssMb()
  await idle()
  rows.push(await cannon('hub', hubUrl, bodies, { seconds, connections, rate, pid }))
  await idle()
  rows.push(await cannon('hub', hubUrl, bodies, { seconds, connections, rate, paced: true, pid }))
  await sleep(2000)
  const exactlyOnce = checkExactlyOnce(world, expected)
  const calls = providerCalls(world)
  // The hub stops before the baseline runs, so its background jobs do not share the machine.
  const inspected = await world.close(async (sql) => ({
    webhookLogs: await webhookLogCounts(sql),
    jobs: await jobStats(sql, '1970-01-01'),
  }))
  const bare = await startBare()
  try {
    const bareUrl = `${bare.url}/yelp/webhook`
    const bareMode = { seconds, connections, pid: bare.child.pid }
    await cannon('bare (warm-up)', bareUrl, bodies, { ...bareMode, seconds: 3 })
    rows.push(await cannon('bare node:http', bareUrl, bodies, bareMode))
    rows.push(await cannon('bare node:http', bareUrl, bodies, { ...bareMode, rate }))
    rows.push(await cannon('bare node:http', bareUrl, bodies, { ...bareMode, rate, paced: true }))
  } finally {
    await bare.stop()
  }
  const refused = refusedFetches(world)
  const acked =
    leadCount + warm.total2xx + rows.filter((r) => r.target === 'hub').reduce((a, r) => a + r.total2xx, 0)
  const maxAcks = rows[0]?.total2xx ?? 1
  const perAck = (key: string) =>
    statsBefore && statsAfter
      ? +(((statsAfter[key] ?? 0) - (statsBefore[key] ?? 0)) / maxAcks).toFixed(2)
      : null
  const postgresPerAckAtMax = statsBefore
    ? Object.fromEntries(Object.keys(statsBefore).map((key) => [key, perAck(key)]))
    : null
  const result = {
    scenario: 'ack',
    db: DB,
    machine: machine(),
    yelpRatePerSecond: YELP_RATE,
    settings: { seconds, rate, leads: leadCount, connections },
    seedStatuses,
    rows,
    ratioMax: +((rows[0]?.rps ?? 0) / (rows.find((r) => r.target === 'bare node:http')?.rps ?? 1)).toFixed(3),
    queuedAfterMax,
    hubRssMbAfterMax: Math.round(hubRss),
    exactlyOnce,
    refusedLeadSyncFetches: refused,
    webhookAcks2xxCounted: acked,
    postgresPerAckAtMax,
    statementsAtMax,
    ...inspected,
    providerCalls: { ...calls, getLeadTimes: undefined },
  }
  console.log(JSON.stringify(result, null, 2))
  console.log(
    '| target | load | req/s | p50 | p99 | 2xx | non-2xx | errors | server CPU | load generator CPU | bench CPU | machine busy / steal |',
  )
  console.log('|---|---|---|---|---|---|---|---|---|---|---|')
  for (const r of rows)
    console.log(
      `| ${r.target} | ${r.mode} | ${r.rps} | ${r.p50} ms | ${r.p99} ms | ${r.total2xx} | ${r.non2xx} | ${r.errors} | ${r.cpu.hubCpuPct}% | ${r.cpu.loadGeneratorCpuPct}% | ${r.cpu.benchCpuPct}% | ${r.cpu.machineBusyPct}% / ${r.cpu.machineStealPct}% |`,
    )
  save('ack', result)
}

// ---------------------------------------------------------------------------------------------
// b. End to end

async function e2eScenario() {
  const rate = num('E2E_RATE', 20)
  const seconds = num('E2E_SECONDS', 30)
  const leadCount = num('E2E_LEADS', 50)
  // Spread over several clients (each its own Yelp business and GHL location): GHL allows 100
  // calls per 10 s per location (docs/providers/ghl.md §10), so one location cannot take 20 messages a second.
  const clientCount = num('E2E_CLIENTS', 10)
  const world = await startWorld({ db: DB, clientCount, yelpRatePerSecond: YELP_RATE })
  const leads = Array.from({ length: leadCount }, (_, l) => {
    const client = world.clients[l % clientCount]
    if (!client) throw new Error('no client')
    const [lead] = seedLeads(world, client.businessId, `e2e-${l}`, 1, 1)
    if (!lead) throw new Error('no lead')
    return { ...lead, businessId: client.businessId }
  })
  const expected = new Set(leads.flatMap((l) => l.eventIds))
  // Contacts and conversations first: the timed messages go to leads the hub has seen.
  await postWebhooks(
    world,
    leads.map((l) => webhookBody(l.businessId, l.leadId, l.eventIds[0] ?? '')),
    4,
  )
  if (!(await finishesWithin(() => [...expected].every((id) => world.arrivals.has(id)), 90_000)))
    throw new Error(`seeding: only ${world.arrivals.size}/${expected.size} messages reached GHL`)
  await sleep(3000)

  const total = Math.round(rate * seconds)
  const sentAt = new Map<string, number>()
  const controlErrors: string[] = []
  const meter = cpuMeter(world.hub.child.pid)
  const stopSampler = queueSampler(world)
  const phaseStart = Date.now()
  const phaseStartIso = new Date(phaseStart - 1000).toISOString()
  const sends: Promise<void>[] = []
  for (let k = 0; k < total; k++) {
    const due = phaseStart + (k * 1000) / rate
    const wait = due - Date.now()
    if (wait > 0) await sleep(wait)
    const lead = leads[k % leads.length]
    if (!lead) continue
    sends.push(
      (async () => {
        const t0 = Date.now()
        // The consumer writes on Yelp: the simulator stores the event and sends the webhook.
        const response = await fetch(`${world.yelp.url}/__sim/yelp/leads/${lead.leadId}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ text: `e2e message ${k}` }),
          signal: AbortSignal.timeout(10_000),
        })
        const body = (await response.json()) as { events?: Array<{ id: string }> }
        const id = body.events?.[0]?.id
        if (response.status !== 201 || !id) controlErrors.push(`${response.status}`)
        else {
          sentAt.set(id, t0)
          expected.add(id)
        }
      })(),
    )
  }
  await Promise.all(sends)
  const sendSeconds = (Date.now() - phaseStart) / 1000
  const allArrived = await finishesWithin(
    () => [...sentAt.keys()].every((id) => world.arrivals.has(id)),
    90_000,
  )
  const drainedAt = Date.now()
  const cpu = meter()
  const queue = await stopSampler()
  await sleep(2000)
  const latencies = [...sentAt]
    .map(([id, t0]) => (world.arrivals.get(id)?.[0] ?? Number.NaN) - t0)
    .filter((v) => Number.isFinite(v))
    .sort((a, b) => a - b)
  // Latency by send time: is it steady, or growing (a backlog)?
  const bySecond = (from: number, to: number) => {
    const values = [...sentAt]
      .filter(([, t0]) => t0 - phaseStart >= from * 1000 && t0 - phaseStart < to * 1000)
      .map(([id, t0]) => (world.arrivals.get(id)?.[0] ?? Number.NaN) - t0)
      .filter((v) => Number.isFinite(v))
      .sort((a, b) => a - b)
    return { sentFrom: `${Math.round(from)}-${Math.round(to)} s`, p50: Math.round(percentile(values, 50)) }
  }
  const thirds = [0, 1, 2].map((i) => bySecond((i * seconds) / 3, ((i + 1) * seconds) / 3))
  const exactlyOnce = checkExactlyOnce(world, expected)
  const calls = providerCalls(world, phaseStart)
  const inspected = await world.close(async (sql) => ({ jobs: await jobStats(sql, phaseStartIso) }))
  const result = {
    scenario: 'e2e',
    db: DB,
    machine: machine(),
    yelpRatePerSecond: YELP_RATE,
    settings: { rate, seconds, leads: leadCount, clients: clientCount },
    sent: sentAt.size,
    controlErrors: controlErrors.length,
    achievedSendRate: +(sentAt.size / sendSeconds).toFixed(1),
    allArrived,
    lastArrivalAfterLastSendS: +((drainedAt - phaseStart) / 1000 - sendSeconds).toFixed(1),
    latencyMs: {
      p50: Math.round(percentile(latencies, 50)),
      p95: Math.round(percentile(latencies, 95)),
      p99: Math.round(percentile(latencies, 99)),
      max: Math.round(latencies.at(-1) ?? Number.NaN),
      min: Math.round(latencies[0] ?? Number.NaN),
    },
    latencyBySendTime: thirds,
    cpu,
    queue,
    exactlyOnce,
    refusedLeadSyncFetches: refusedFetches(world),
    providerCalls: {
      ...calls,
      getLeadTimes: undefined,
      yelpGetLeadPerSecond: +(calls.yelpGetLead / ((drainedAt - phaseStart) / 1000)).toFixed(2),
    },
    ...inspected,
  }
  console.log(JSON.stringify(result, null, 2))
  save('e2e', result)
}

// ---------------------------------------------------------------------------------------------
// c. Drain

async function drainScenario() {
  const clientCount = num('DRAIN_CLIENTS', 50)
  const leadsPerClient = num('DRAIN_LEADS', 2)
  const eventsPerLead = num('DRAIN_EVENTS', 50)
  const timeoutS = num('DRAIN_TIMEOUT_S', 170)
  const concurrency = num('DRAIN_CONCURRENCY', 16)
  const world = await startWorld({ db: DB, clientCount, yelpRatePerSecond: YELP_RATE })
  const perClient = world.clients.map((c) => ({
    client: c,
    leads: seedLeads(world, c.businessId, `drain-${c.clientId}`, leadsPerClient, eventsPerLead),
  }))
  const expected = new Set(perClient.flatMap((p) => p.leads.flatMap((l) => l.eventIds)))
  // One webhook per event, as Yelp sends them; interleaved over leads and locations.
  const bodies: string[] = []
  for (let e = 0; e < eventsPerLead; e++)
    for (const { client, leads } of perClient)
      for (const lead of leads)
        bodies.push(webhookBody(client.businessId, lead.leadId, lead.eventIds[e] ?? ''))
  await sleep(2000)

  const meter = cpuMeter(world.hub.child.pid)
  const stopSampler = queueSampler(world)
  const t0 = Date.now()
  const t0Iso = new Date(t0 - 1000).toISOString()
  const statuses = await postWebhooks(world, bodies, concurrency)
  const enqueuedS = (Date.now() - t0) / 1000
  const progress: Array<{ s: number; forwarded: number }> = []
  let lastMark = 0
  const done = await finishesWithin(
    () => {
      const forwarded = [...expected].filter((id) => world.arrivals.has(id)).length
      const s = Math.floor((Date.now() - t0) / 10_000) * 10
      if (s > lastMark) {
        lastMark = s
        progress.push({ s, forwarded })
      }
      return forwarded === expected.size
    },
    timeoutS * 1000 - (Date.now() - t0),
    200,
  )
  const drainS = (Date.now() - t0) / 1000
  const cpu = meter()
  const queue = await stopSampler()
  const forwarded = [...expected].filter((id) => world.arrivals.has(id)).length
  await sleep(3000)
  const exactlyOnce = checkExactlyOnce(world, expected)
  const calls = providerCalls(world, t0)
  const inspected = await world.close(async (sql) => ({
    webhookLogs: await webhookLogCounts(sql),
    jobs: await jobStats(sql, t0Iso),
  }))
  const result = {
    scenario: 'drain',
    db: DB,
    machine: machine(),
    yelpRatePerSecond: YELP_RATE,
    settings: { clientCount, leadsPerClient, eventsPerLead, timeoutS, concurrency },
    events: expected.size,
    webhookStatuses: statuses,
    enqueueSeconds: +enqueuedS.toFixed(1),
    drained: done,
    drainSeconds: +drainS.toFixed(1),
    forwarded,
    forwardedPerSecond: +(forwarded / drainS).toFixed(1),
    progress,
    cpu,
    queue,
    exactlyOnce,
    refusedLeadSyncFetches: refusedFetches(world),
    providerCalls: {
      ...calls,
      getLeadTimes: undefined,
      yelpGetLeadPerSecond: +(calls.yelpGetLead / drainS).toFixed(2),
      yelpGetEventsPerSecond: +(calls.yelpGetEvents / drainS).toFixed(2),
    },
    ...inspected,
  }
  console.log(JSON.stringify(result, null, 2))
  save('drain', result)
}

const scenarios: Record<string, () => Promise<void>> = {
  ack: ackScenario,
  e2e: e2eScenario,
  drain: drainScenario,
}
const name = process.argv[2] ?? ''
const run = scenarios[name]
if (!run) {
  console.error(`usage: node --import tsx bench/engine.bench.ts ${Object.keys(scenarios).join('|')}`)
  process.exit(2)
}
console.log(`engine bench: ${name} on ${DB}`, machine())
// Hard stop: no scenario may outlive this, whatever hangs.
const HARD_LIMIT_MS = num('BENCH_HARD_LIMIT_S', 300) * 1000
const guard = setTimeout(() => {
  console.error(`engine bench: ${name} exceeded ${HARD_LIMIT_MS / 1000} s, stopping`)
  process.exit(3)
}, HARD_LIMIT_MS)
guard.unref()
await run()
process.exit(0)
