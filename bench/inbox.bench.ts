import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { chromium } from 'playwright-core'
import { openDatabase } from '../server/src/db/database.ts'
import { SessionClient } from '../server/src/testing/session-client.ts'
import { CLIENTS, seedLeads } from './inbox-seed.ts'
import { startServerProcess } from './server-process.ts'
import { freePort } from './world.ts'

// Issue 13: the Lead Inbox at 100,000 leads (bench/README.md). For each database: seed, start
// the hub as its own process, then measure over HTTP — list pages, filters, free text, facets —
// SSE fan-out to 100 open inboxes, and (BENCH_BROWSER=1, the default) the inbox in Chromium for
// an operator who sees 10,000 leads.

const LEADS = Number(process.env.BENCH_LEADS ?? 100_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 30)
const STREAMS = Number(process.env.BENCH_STREAMS ?? 100)
const CHANGES = 20
const DBS = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>
const WITH_BROWSER = process.env.BENCH_BROWSER !== '0'
const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const ADMIN = { username: 'admin', password: 'bench-admin-password' }
const OPERATOR = { username: 'bench-operator', password: 'bench-operator-pass' }
const ROOT = fileURLToPath(new URL('../', import.meta.url))
const RESULTS = join(ROOT, 'bench/results')

const hardLimit = setTimeout(
  () => {
    process.stderr.write('bench: hard time limit reached\n')
    process.exit(2)
  },
  Number(process.env.BENCH_HARD_LIMIT_S ?? 1800) * 1000,
)
hardLimit.unref()

// ---------- HTTP with a session, as the browser does ----------

/** The tests' session client, with the failure of any call thrown (a benchmark stops on it). */
class Session extends SessionClient {
  async signIn(user: { username: string; password: string }) {
    await this.login(user.username, user.password)
    return this
  }
  async send(method: string, path: string, body?: unknown) {
    const answer = await this.request(method, path, body === undefined ? {} : { json: body })
    if (answer.status < 200 || answer.status > 299)
      throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`)
    return { headers: answer.headers, text: answer.text }
  }
}

// ---------- measurement helpers ----------

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  const round = (n: number) => Math.round(n * 10) / 10
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    max: round(sorted.at(-1) ?? 0),
  }
}

function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return Number(fields[11]) + Number(fields[12])
}

async function timeCalls(session: Session, path: string | (() => Promise<string>)) {
  const samples: number[] = []
  let total = ''
  let bytes = 0
  for (let i = 0; i < RUNS + 5; i++) {
    const target = typeof path === 'string' ? path : await path()
    const started = performance.now()
    const { headers, text } = await session.send('GET', target)
    const took = performance.now() - started
    if (i >= 5) samples.push(took)
    total = headers.get('x-total-count') ?? ''
    bytes = text.length
  }
  return { ...summary(samples), total, kb: Math.round(bytes / 1024) }
}

// ---------- the database ----------

async function prepare(kind: 'pglite' | 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'lr-inbox-bench-'))
  let databaseUrl: string | undefined
  let dropName: string | undefined
  if (kind === 'postgres') {
    // BENCH_DB_PREFIX: a name of your own on a shared server.
    dropName = `${process.env.BENCH_DB_PREFIX ?? 'lr_bench_inbox'}_${Date.now()}`
    await pgAdmin(`CREATE DATABASE ${dropName}`)
    const url = new URL(PG_ADMIN)
    url.pathname = `/${dropName}`
    databaseUrl = url.toString()
  }
  const database = await openDatabase({ databaseUrl, dataDir })
  const seconds = await seedLeads(database.execute, LEADS)
  await database.close()
  return {
    dataDir,
    databaseUrl,
    seedSeconds: seconds,
    dispose: async () => {
      rmSync(dataDir, { recursive: true, force: true })
      if (dropName) await pgAdmin(`DROP DATABASE IF EXISTS ${dropName} WITH (FORCE)`)
    },
  }
}

async function pgAdmin(sql: string) {
  const client = new pg.Client({ connectionString: PG_ADMIN })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

// ---------- SSE fan-out ----------

async function fanOut(url: string, session: Session, pid: number) {
  const received = new Map<string, number[]>()
  const controllers: AbortController[] = []
  let ready = 0
  for (let i = 0; i < STREAMS; i++) {
    const controller = new AbortController()
    controllers.push(controller)
    const response = await fetch(`${url}/api/events`, {
      headers: { cookie: session.sessionCookie ?? '' },
      signal: controller.signal,
    })
    if (!response.body) throw new Error('no stream')
    ready += 1
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
    void (async () => {
      let buffer = ''
      try {
        for (;;) {
          const { value, done } = await reader.read()
          if (done) return
          buffer += value
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end)
            buffer = buffer.slice(end + 2)
            const data = /^data: (.*)$/m.exec(block)?.[1]
            if (!data) continue
            const { leadId } = JSON.parse(data) as { leadId?: string }
            if (!leadId?.startsWith('bench-')) continue
            const at = performance.now()
            received.set(leadId, [...(received.get(leadId) ?? []), at])
          }
        }
      } catch {
        // Aborted.
      }
    })()
  }
  const rssBefore = rss(pid)
  const ticksBefore = cpuTicks(pid)
  const started = performance.now()
  const sentAt = new Map<string, number>()
  for (let i = 0; i < CHANGES; i++) {
    const leadId = `bench-${1000 + i}`
    sentAt.set(leadId, performance.now())
    await session.send('PATCH', `/api/leads/${leadId}/status`, { status: i % 2 ? 'contacted' : 'new' })
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  await new Promise((resolve) => setTimeout(resolve, 1500))
  const seconds = (performance.now() - started) / 1000
  const cpuPercent = ((cpuTicks(pid) - ticksBefore) / 100 / seconds) * 100
  const latencies: number[] = []
  let missing = 0
  for (const [leadId, at] of sentAt) {
    const arrivals = received.get(leadId) ?? []
    // One `leads` and one `messages` event per change: the first of each stream counts.
    missing += Math.max(0, STREAMS - Math.min(STREAMS, Math.ceil(arrivals.length / 2)))
    latencies.push(...arrivals.map((t) => t - at))
  }
  for (const controller of controllers) controller.abort()
  return {
    streams: ready,
    changes: CHANGES,
    delivery: summary(latencies),
    missing,
    cpuPercent: Math.round(cpuPercent),
    rssMbBefore: rssBefore,
    rssMbAfter: rss(pid),
  }
}

function rss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)
}

// ---------- Chromium ----------

function buildWeb() {
  const result = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'web/vite.config.ts',
      '--logLevel',
      'warn',
    ],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  )
  if (result.status !== 0) throw new Error('web build failed')
}

async function inBrowser(url: string) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  })
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: url })
    const page = await context.newPage()
    await page.goto('/inbox')
    await page.getByPlaceholder('Enter username').fill(OPERATOR.username)
    await page.getByPlaceholder('Enter password').fill(OPERATOR.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.locator('[data-lead-id]').first().waitFor()
    // A fresh load of the page, signed in: navigation start → first lead card and the count.
    const renders: number[] = []
    for (let i = 0; i < 5; i++) {
      await page.reload()
      await page.locator('[data-lead-id]').first().waitFor()
      await page.getByText(/^\d+ of \d+ leads$/).waitFor()
      renders.push((await page.evaluate('performance.now()')) as number)
    }
    // Strings, not functions: tsx would wrap named functions in a helper the page lacks.
    await page.evaluate(`
      window.__long = []
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__long.push(entry.duration)
      }).observe({ type: 'longtask' })
    `)
    // Main-thread CPU time per task from a Chromium trace: on a machine shared with other work a
    // task's wall time includes the time the thread waited for a core; its CPU time does not.
    const cdp = await context.newCDPSession(page)
    const traceEvents: TraceEvent[] = []
    cdp.on('Tracing.dataCollected', (event) => traceEvents.push(...(event.value as unknown as TraceEvent[])))
    const traced = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()))
    await cdp.send('Tracing.start', {
      categories: 'toplevel,devtools.timeline,disabled-by-default-devtools.timeline',
      transferMode: 'ReportEvents',
    })
    // Scroll through 2,000 leads (pages of 200 load on the way), 500 px per two frames.
    const scrolled = (await page.evaluate(`(async () => {
      const list = document.querySelector('[data-testid="lead-list"]')
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      for (let step = 0; step < 800 && list.scrollTop < 2000 * 124; step++) {
        list.scrollTop += 500
        await frame()
      }
      await new Promise((resolve) => setTimeout(resolve, 1000))
      return list.scrollTop
    })()`)) as number
    await cdp.send('Tracing.end')
    await traced
    const cpuMs = mainThreadTaskCpuMs(traceEvents)
    const longTasks = (await page.evaluate('window.__long')) as number[]
    const loaded = (await page.evaluate(`document.querySelectorAll('[data-lead-id]').length`)) as number
    await context.close()
    return {
      firstRenderMs: summary(renders),
      scrolledPx: Math.round(scrolled),
      cardsInDom: loaded,
      longTasksOver50ms: longTasks.filter((d) => d > 50).length,
      longestTaskMs: Math.round(Math.max(0, ...longTasks)),
      tasksOver50msCpu: cpuMs.filter((ms) => ms > 50).length,
      longestTaskCpuMs: Math.round(Math.max(0, ...cpuMs)),
      mainThreadCpuMs: Math.round(cpuMs.reduce((sum, ms) => sum + ms, 0)),
    }
  } finally {
    await browser.close()
  }
}

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  tdur?: number
  args?: { name?: string }
}

/** CPU milliseconds of each top-level task of the page's main thread (CrRendererMain). */
function mainThreadTaskCpuMs(events: TraceEvent[]): number[] {
  const main = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  )
  const tasks = events
    .filter((e) => e.ph === 'X' && e.name === 'RunTask' && main.has(`${e.pid}:${e.tid}`))
    .sort((a, b) => a.ts - b.ts)
  const cpu: number[] = []
  let end = -1
  for (const task of tasks) {
    if (task.ts < end) continue // nested in the previous one
    end = task.ts + (task.dur ?? 0)
    cpu.push((task.tdur ?? 0) / 1000)
  }
  return cpu
}

// ---------- one database ----------

async function run(kind: 'pglite' | 'postgres') {
  process.stdout.write(`\n== ${kind}: seeding ${LEADS} leads\n`)
  const db = await prepare(kind)
  process.stdout.write(`seeded in ${db.seedSeconds.toFixed(1)} s\n`)
  const port = await freePort()
  const server = await startServerProcess(
    {
      DATA_DIR: db.dataDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
    },
    port,
  )
  try {
    const admin = await new Session(server.url).signIn(ADMIN)
    const created = await admin.send('POST', '/api/users', { ...OPERATOR, role: 'operator' })
    const { id } = JSON.parse(created.text) as { id: number }
    // Two of the twenty clients: 10,000 of the 100,000 leads.
    for (const clientId of ['client-0', 'client-1'])
      await admin.send('POST', `/api/users/${id}/clients/${clientId}`, { permissions: {} })
    const operator = await new Session(server.url).signIn(OPERATOR)

    let cursor = ''
    const deepPage = async () => {
      const { headers } = await admin.send('GET', `/api/leads${cursor ? `?cursor=${cursor}` : ''}`)
      cursor = headers.get('x-next-cursor') ?? ''
      return `/api/leads?cursor=${cursor}`
    }
    const api: Record<string, Awaited<ReturnType<typeof timeCalls>>> = {}
    const scenarios: Array<[string, string | (() => Promise<string>), Session]> = [
      ['first page (100)', '/api/leads', admin],
      ['first page, one client', '/api/leads?clientId=client-7', admin],
      ['status=contacted', '/api/leads?status=contacted', admin],
      ['availability=ASAP', '/api/leads?availability=ASAP', admin],
      ['jobType=Chimney repair', '/api/leads?jobType=Chimney%20repair', admin],
      ['hasEmail=true', '/api/leads?hasEmail=true', admin],
      ['lastMessage=outbound', '/api/leads?lastMessage=outbound', admin],
      [
        'activityFrom (last 30 days)',
        `/api/leads?activityFrom=${new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)}`,
        admin,
      ],
      ['q=squirrel (word, ~2.5 %)', '/api/leads?q=squirrel', admin],
      ['q=carla (name)', '/api/leads?q=carla', admin],
      ['q=415 (phone digits)', '/api/leads?q=%28415%29%20000', admin],
      ['q=unique ref (1 lead)', `/api/leads?q=${md5Prefix(1234)}`, admin],
      ['q + status + jobType', '/api/leads?q=leak&status=new&jobType=Roof%20repair', admin],
      ['next pages by cursor', deepPage, admin],
      ['facets (all)', '/api/leads/facets', admin],
      ['facets (one client)', '/api/leads/facets?clientId=client-7', admin],
      ['operator first page (10,000 visible)', '/api/leads', operator],
      ['operator q=skylight', '/api/leads?q=skylight', operator],
    ]
    for (const [name, path, session] of scenarios) {
      api[name] = await timeCalls(session, path)
      process.stdout.write(`${name}: ${JSON.stringify(api[name])}\n`)
    }
    const pid = server.child.pid ?? 0
    const sse = await fanOut(server.url, admin, pid)
    process.stdout.write(`SSE fan-out: ${JSON.stringify(sse)}\n`)
    const browser = WITH_BROWSER ? await inBrowser(server.url) : null
    if (browser) process.stdout.write(`browser: ${JSON.stringify(browser)}\n`)
    return {
      kind,
      leads: LEADS,
      clients: CLIENTS,
      seedSeconds: Math.round(db.seedSeconds),
      api,
      sse,
      browser,
      rssMb: rss(pid),
    }
  } finally {
    await server.stop()
    await db.dispose()
  }
}

/** The seed's "Ref" of lead n: the first 12 hex characters of md5(n). */
function md5Prefix(n: number): string {
  return createHash('md5').update(String(n)).digest('hex').slice(0, 12)
}

async function main() {
  if (WITH_BROWSER) buildWeb()
  mkdirSync(RESULTS, { recursive: true })
  const machine = {
    cores: cpus().length,
    load: loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
    node: process.version,
  }
  process.stdout.write(`machine: ${JSON.stringify(machine)}\n`)
  for (const kind of DBS) {
    const result = {
      ...(await run(kind)),
      machine,
      at: new Date().toISOString(),
      loadAfter: loadavg()[0]?.toFixed(2),
    }
    const file = join(RESULTS, `inbox-${kind}-${result.at.replace(/[:.]/g, '-')}.json`)
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`)
    process.stdout.write(`written ${file}\n`)
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${(error as Error).stack}\n`)
    process.exit(1)
  },
)
