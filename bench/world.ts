// The world the engine benchmarks run in: both provider simulators inside the bench process, the
// hub as a child process (bench/server-process.ts, as `npm start` runs it) on a fresh database,
// and N clients connected on both sides through the hub's own HTTP API, the way
// server/src/engine/engine.integration.test.ts and `npm run demo` do it.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { freemem, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../server/src/db/database.ts'
import { writeSetting } from '../server/src/repositories/settings.repository.ts'
import { SessionClient } from '../server/src/testing/session-client.ts'
import { sleep } from '../server/src/testing/wait-for.ts'
import { createGhlSim, type GhlSim } from '../sim/ghl/ghl-sim.ts'
import { createYelpSim, type YelpSim } from '../sim/yelp/yelp-sim.ts'
import { createBenchPostgres } from './bench-postgres.ts'
import { freePort, type ServerProcess, startServerProcess } from './server-process.ts'

export { freePort }

export const ADMIN = { username: 'admin', password: 'bench-admin-password' }
export const YELP_USER = 'bench-yelp-user'
export const GHL_USER = 'bench-ghl-user'

export type DbKind = 'pglite' | 'postgres'

export interface BenchClient {
  clientId: string
  businessId: string
  locationId: string
}

/** When each GHL inbound message (by altId = Yelp event id) was answered 200, in this process's clock. */
export type ArrivalLog = Map<string, number[]>

export interface World {
  db: DbKind
  /** The hub's PostgreSQL database (undefined on PGlite). */
  databaseUrl: string | undefined
  databaseName: string | undefined
  hub: ServerProcess
  yelp: YelpSim
  ghl: GhlSim
  clients: BenchClient[]
  admin: SessionClient
  arrivals: ArrivalLog
  /** Stops the hub (graceful), then runs `inspect` on its database, then cleans up. */
  close<T>(inspect?: (sql: SqlRunner) => Promise<T>): Promise<T | undefined>
}

export type SqlRunner = (text: string) => Promise<Record<string, unknown>[]>

/**
 * The browser tab following an OAuth start link through the simulator's authorize page to the hub.
 * The hub answers 502 when the provider refused a call it makes on the callback (Yelp's 5 requests
 * a second per endpoint, when many clients connect at once); the operator would try again.
 */
async function authorize(hub: SessionClient, startPath: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await authorizeOnce(hub, startPath)
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('502')) throw error
      await sleep(1000)
    }
  }
}

async function authorizeOnce(hub: SessionClient, startPath: string): Promise<void> {
  const callback = await hub.followOAuth(startPath)
  if (callback.status !== 200) throw new Error(`OAuth callback answered ${callback.status}`)
}

/**
 * The database the hub runs on: a fresh PGlite folder, or PostgreSQL — BENCH_DATABASE_URL as given
 * (it should be empty), else a database created on BENCH_PG_URL's server and dropped afterwards.
 */
async function prepareDatabase(db: DbKind) {
  const dataDir = mkdtempSync(join(tmpdir(), 'leadrelay-bench-'))
  let databaseUrl: string | undefined
  let drop: (() => Promise<void>) | undefined
  if (db === 'postgres') {
    if (process.env.BENCH_DATABASE_URL) databaseUrl = process.env.BENCH_DATABASE_URL
    else ({ url: databaseUrl, drop } = await createBenchPostgres())
  }
  return {
    dataDir,
    databaseUrl,
    dispose: async () => {
      rmSync(dataDir, { recursive: true, force: true })
      await drop?.()
    },
  }
}

/**
 * The hub's `rateLimiting` setting (docs/spec/dashboard-spec.md §9, server/src/http/rate-limits.ts) saved as off before
 * it starts: the ack run sends 500 webhooks a second for one business from one address, far
 * beyond the per-business and per-address limits, and these benchmarks measure the engine, not
 * the limits. Written through the settings repository on the hub's own (migrated) database; the
 * hub reads it at its first limited request.
 */
export async function turnRateLimitingOff(target: { dataDir: string; databaseUrl: string | undefined }) {
  const opened = await openDatabase(target)
  try {
    await writeSetting(opened.db, 'rateLimiting', false)
  } finally {
    await opened.close()
  }
}

/**
 * Starts the simulators and the hub, seeds `clientCount` Yelp businesses (one Yelp user administers
 * them all) and GHL locations, and connects client i to business i and location i through the hub.
 */
export async function startWorld(options: {
  db: DbKind
  clientCount: number
  /** Yelp's per-endpoint limit, in the simulator and in the hub (YELP_RATE_LIMIT_PER_SECOND). */
  yelpRatePerSecond: number
}): Promise<World> {
  const yelp = createYelpSim({ subscriptionDelayMs: 0, rateLimitPerSecond: options.yelpRatePerSecond })
  const ghl = createGhlSim()
  const arrivals: ArrivalLog = new Map()
  ghl.server.app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'POST' || reply.statusCode !== 200) return
    if (!request.url.startsWith('/conversations/messages/inbound')) return
    const altId = (request.body as { altId?: string } | null)?.altId
    if (!altId) return
    const times = arrivals.get(altId) ?? []
    times.push(Date.now())
    arrivals.set(altId, times)
  })
  await yelp.listen()
  await ghl.listen()

  const clients: BenchClient[] = []
  yelp.addUser({ id: YELP_USER, displayName: 'Bench Owner' })
  for (let i = 0; i < options.clientCount; i++) {
    const n = String(i).padStart(2, '0')
    const client = { clientId: `bench-${n}`, businessId: `bench-biz-${n}`, locationId: `BenchLoc${n}` }
    yelp.addBusiness({ id: client.businessId, name: `Bench Business ${n}`, adminUserIds: [YELP_USER] })
    ghl.seedLocation({ id: client.locationId, name: `Bench Location ${n}`, allowDuplicateContact: false })
    clients.push(client)
  }
  ghl.seedUser({ id: GHL_USER, name: 'Bench GHL User', locationIds: clients.map((c) => c.locationId) })

  const database = await prepareDatabase(options.db)
  const port = await freePort()
  let hub: ServerProcess
  try {
    await turnRateLimitingOff(database)
    hub = await startServerProcess(
      {
        ...yelp.env(),
        ...ghl.env(),
        DATA_DIR: database.dataDir,
        BASE_URL: `http://127.0.0.1:${port}`,
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        YELP_RATE_LIMIT_PER_SECOND: String(options.yelpRatePerSecond),
        ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      },
      port,
    )
  } catch (error) {
    await Promise.all([yelp.close(), ghl.close()])
    await database.dispose()
    throw error
  }
  yelp.setWebhookUrl(`${hub.url}/yelp/webhook`)
  ghl.setReplyUrl(`${hub.url}/reply`)

  const admin = new SessionClient(hub.url)
  try {
    await admin.call('sign in', 'POST', '/api/auth/login', ADMIN)
    for (const client of clients) await connectClient(admin, ghl, client)
  } catch (error) {
    await hub.stop()
    await Promise.all([yelp.close(), ghl.close()])
    await database.dispose()
    throw error
  }
  // Yelp turns subscriptions on after a delay of sim time (0 here); move the clock past it.
  yelp.clock.advance(1000)
  for (const client of clients) {
    const view = await admin.call<{
      yelp: { connected: boolean; webhookSubscribed: boolean }
      ghl: { connected: boolean }
    }>('read the client', 'GET', `/api/clients/${client.clientId}`)
    if (!view.yelp.connected || !view.ghl.connected)
      throw new Error(`${client.clientId} is not connected: ${JSON.stringify(view)}`)
  }

  return {
    db: options.db,
    databaseUrl: database.databaseUrl,
    databaseName: database.databaseUrl ? new URL(database.databaseUrl).pathname.slice(1) : undefined,
    hub,
    yelp,
    ghl,
    clients,
    admin,
    arrivals,
    async close<T>(inspect?: (sql: SqlRunner) => Promise<T>) {
      let result: T | undefined
      try {
        await hub.stop()
        if (inspect) {
          // The hub has exited, so the bench may open its database (PGlite: one process at a time).
          const opened = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir })
          try {
            result = await inspect(async (text) => (await opened.execute(text)).rows)
          } finally {
            await opened.close()
          }
        }
      } finally {
        await Promise.all([yelp.close(), ghl.close()])
        await database.dispose()
      }
      return result
    },
  }
}

async function connectClient(admin: SessionClient, ghl: GhlSim, client: BenchClient): Promise<void> {
  const { clientId, businessId, locationId } = client
  await admin.call('add the client', 'POST', '/api/clients', { clientId, name: `Bench ${clientId}` })
  // Yelp allows 5 requests a second per endpoint, subscriptions included, and the hub passes a 429
  // on as 502: connecting many clients quickly needs a pause and another try.
  for (let attempt = 1; ; attempt++) {
    const answer = await admin.post('/api/subscribe-webhook', { clientId, businessId })
    if (answer.status === 200) break
    if (attempt >= 5 || !answer.text.includes('TOO_MANY_REQUESTS'))
      throw new Error(
        `subscribe-webhook for ${clientId} answered ${answer.status} ${answer.text.slice(0, 300)}`,
      )
    await sleep(1000)
  }
  await authorize(admin, `/api/yelp-auth-url?${new URLSearchParams({ clientId })}`)
  const key = ghl.createApiKey(locationId)
  await admin.call('save the GHL location key', 'POST', `/api/clients/${clientId}/ghl/api-key`, {
    locationApiKey: key.token,
    locationId,
  })
  // The GHL authorize page lets the user pick a sub-account; the simulator takes it from here.
  ghl.store.nextAuthorization = { locationId, userId: GHL_USER }
  await authorize(admin, `/api/ghl-auth-url?${new URLSearchParams({ clientId, autoSync: 'false' })}`)
}

/** A Yelp NEW_EVENT webhook body, as the Yelp simulator sends it (docs/providers/yelp.md §2). */
export function webhookBody(businessId: string, leadId: string, eventId: string): string {
  return JSON.stringify({
    time: new Date().toISOString(),
    object: 'business',
    data: {
      id: businessId,
      updates: [
        {
          event_type: 'NEW_EVENT',
          event_id: eventId,
          lead_id: leadId,
          interaction_time: new Date().toISOString(),
        },
      ],
    },
  })
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index] ?? Number.NaN
}

/** What the run happened on: the figures mean little without it. */
export function machine(): Record<string, string> {
  const sh = (cmd: string, args: string[]) => {
    try {
      return execFileSync(cmd, args, { encoding: 'utf8' }).trim()
    } catch {
      return '?'
    }
  }
  return {
    nproc: sh('nproc', []),
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB total, ${(freemem() / 2 ** 30).toFixed(1)} GiB free`,
    node: process.version,
    commit: sh('git', ['-C', new URL('..', import.meta.url).pathname, 'rev-parse', '--short', 'HEAD']),
    load: loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
    date: new Date().toISOString(),
  }
}

/**
 * CPU used during a phase: the hub process and this bench process (simulators + load generator),
 * in % of one core, and the whole machine's busy and steal time in % of all its cores.
 */
export function cpuMeter(hubPid: number | undefined, loadGeneratorPid?: number) {
  // CPU seconds of a process so far, from /proc (0 once it has exited).
  const cpuSeconds = (pid: number | undefined) => {
    if (!pid) return 0
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      return (Number(fields[11]) + Number(fields[12])) / 100
    } catch {
      return 0
    }
  }
  const hubSeconds = () => cpuSeconds(hubPid)
  // The load generator is measured until it exits: its last reading stands.
  let loaderSeconds = cpuSeconds(loadGeneratorPid)
  const loaderStart = loaderSeconds
  const loaderTimer = loadGeneratorPid
    ? setInterval(() => {
        loaderSeconds = Math.max(loaderSeconds, cpuSeconds(loadGeneratorPid))
      }, 100)
    : undefined
  const machineTicks = () => {
    const f = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number)
    const at = (i: number) => f[i] ?? 0
    const total = [0, 1, 2, 3, 4, 5, 6, 7].reduce((sum, i) => sum + at(i), 0)
    return { total, idle: at(3) + at(4), steal: at(7) }
  }
  const started = { wall: Date.now(), hub: hubSeconds(), self: process.cpuUsage(), machine: machineTicks() }
  return () => {
    if (loaderTimer) clearInterval(loaderTimer)
    const wallS = (Date.now() - started.wall) / 1000
    const self = process.cpuUsage(started.self)
    const machine = machineTicks()
    const total = machine.total - started.machine.total || 1
    const pct = (v: number) => Math.round(v * 100)
    return {
      hubCpuPct: pct((hubSeconds() - started.hub) / wallS),
      loadGeneratorCpuPct: pct((loaderSeconds - loaderStart) / wallS),
      benchCpuPct: pct((self.user + self.system) / 1e6 / wallS),
      machineBusyPct: pct(
        (total - (machine.idle - started.machine.idle) - (machine.steal - started.machine.steal)) / total,
      ),
      machineStealPct: pct((machine.steal - started.machine.steal) / total),
    }
  }
}

/** The engine's worker count and polling interval for lead syncs, read from its source. */
export function engineSettings(): { leadSyncWorkers: number; pollingIntervalSeconds: number } {
  const source = readFileSync(new URL('../server/src/engine/engine.ts', import.meta.url), 'utf8')
  return {
    leadSyncWorkers: Number(/\[QUEUES\.leadSync\]:\s*(\d+)/.exec(source)?.[1] ?? Number.NaN),
    pollingIntervalSeconds: Number(
      /pollingIntervalSeconds:\s*(\d+(?:\.\d+)?)/.exec(source)?.[1] ?? Number.NaN,
    ),
  }
}
