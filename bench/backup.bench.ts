// Issue 15: backup and restore time and file size for a seeded database, and webhook ingest p99
// while log retention deletes the old log rows (target: within 2x of idle).
//   node --import tsx bench/backup.bench.ts [pglite|postgres]
// BENCH_LEADS (100000) and BENCH_LOG_ROWS (1000000: half webhook logs, half API logs, all 60
// days old) size the database; BENCH_RATE (200 webhooks/s) and BENCH_SECONDS (15) the ingest.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../server/src/config/config.ts'
import { type Database, openDatabase } from '../server/src/db/database.ts'
import { RETENTION_QUEUE } from '../server/src/engine/retention.job.ts'
import { writeSnapshot } from '../server/src/modules/backups/backup-snapshot.ts'
import { restoreBackup } from '../server/src/modules/backups/restore.ts'
import { startServer } from '../server/src/server.ts'
import { createBenchPostgres } from './bench-postgres.ts'
import { freePort, machine, turnRateLimitingOff } from './world.ts'

const kind = (process.argv[2] ?? 'pglite') as 'pglite' | 'postgres'
const LEADS = Number(process.env.BENCH_LEADS ?? 100_000)
const LOG_ROWS = Number(process.env.BENCH_LOG_ROWS ?? 1_000_000)
const RATE = Number(process.env.BENCH_RATE ?? 200)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15)
const cleanups: Array<() => Promise<void> | void> = []

async function newTarget(): Promise<{ dataDir: string; databaseUrl?: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lr-bench-backup-'))
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
  if (kind === 'pglite') return { dataDir }
  const target = await createBenchPostgres()
  cleanups.push(target.drop)
  return { dataDir, databaseUrl: target.url }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

async function seed(database: Database): Promise<void> {
  const run = (text: string) => database.execute(text)
  await run(
    `insert into clients (client_id, name) select 'client-' || i, 'Client ' || i from generate_series(1, 10) i`,
  )
  const chunk = 50_000
  for (let from = 1; from <= LEADS; from += chunk) {
    const to = Math.min(LEADS, from + chunk - 1)
    await run(`insert into leads (lead_id, client_id, business_id, user_display_name, time_created, last_event_time,
        status, project_data, user_data, events)
      select 'lead-' || i, 'client-' || (i % 10 + 1), 'biz-' || (i % 10 + 1), 'Consumer ' || i,
        now() - (i || ' minutes')::interval, now() - (i || ' seconds')::interval, 'new',
        jsonb_build_object('job_names', jsonb_build_array('Roof inspection'), 'postal_code', '94107',
          'survey_answers', jsonb_build_array(jsonb_build_object('question_text', 'What type of roof?', 'answer_text', jsonb_build_array('Tile')))),
        jsonb_build_object('display_name', 'Consumer ' || i, 'email', 'c' || i || '@example.com', 'phone', '+1415555' || lpad((i % 10000)::text, 4, '0')),
        jsonb_build_array(
          jsonb_build_object('id', 'ev-' || i || '-1', 'event_type', 'TEXT', 'user_type', 'CONSUMER', 'event_content', jsonb_build_object('text', 'Hello, I need a quote for my roof, number ' || i)),
          jsonb_build_object('id', 'ev-' || i || '-2', 'event_type', 'TEXT', 'user_type', 'BIZ', 'event_content', jsonb_build_object('text', 'Thanks, we will call you today.')))
      from generate_series(${from}, ${to}) i`)
  }
  const half = Math.floor(LOG_ROWS / 2)
  for (let from = 1; from <= half; from += chunk) {
    const to = Math.min(half, from + chunk - 1)
    await run(`insert into webhook_logs (endpoint, method, status_code, payload, response, client_id, created_at)
      select '/yelp/webhook', 'POST', 200,
        jsonb_build_object('object', 'business', 'data', jsonb_build_object('id', 'biz-' || (i % 10 + 1), 'updates',
          jsonb_build_array(jsonb_build_object('event_type', 'NEW_EVENT', 'lead_id', 'lead-' || i, 'event_id', 'ev-' || i)))),
        '{"ok":true}'::jsonb, 'client-' || (i % 10 + 1), now() - interval '60 days' + (i || ' milliseconds')::interval
      from generate_series(${from}, ${to}) i`)
    await run(`insert into api_request_logs (direction, endpoint, method, status_code, client_id, platform,
        request_headers, response_body, duration, created_at)
      select 'outgoing', 'https://api.yelp.com/v3/leads/lead-' || i || '/events', 'GET', 200, 'client-' || (i % 10 + 1), 'yelp',
        '{"authorization":"[redacted]"}'::jsonb, jsonb_build_object('events', jsonb_build_array(jsonb_build_object('id', 'ev-' || i))),
        120, now() - interval '60 days' + (i || ' milliseconds')::interval
      from generate_series(${from}, ${to}) i`)
  }
}

/** Webhooks for an unknown business: logged and answered 200, no provider call (docs/spec/product.md §3). */
function ingest(
  url: string,
): Promise<{ p50: number; p99: number; max: number; requests: number; non2xx: number }> {
  const bodies = Array.from({ length: 50 }, (_, i) =>
    JSON.stringify({
      time: new Date().toISOString(),
      object: 'business',
      data: {
        id: 'unknown-business',
        updates: [{ event_type: 'NEW_EVENT', lead_id: `bench-${i}`, event_id: `e-${i}` }],
      },
    }),
  )
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [new URL('./load-generator.mjs', import.meta.url).pathname], {
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (chunk) => {
      out += chunk
    })
    child.on('exit', () => {
      try {
        const r = JSON.parse(out)
        resolve({
          p50: r.latency.p50,
          p99: r.latency.p99,
          max: r.latency.max,
          requests: r.requests.total,
          non2xx: r.non2xx,
        })
      } catch (error) {
        reject(error)
      }
    })
    child.stdin.end(
      JSON.stringify({ url, path: '/yelp/webhook', connections: 4, seconds: SECONDS, rate: RATE, bodies }),
    )
  })
}

async function main() {
  console.log(`# backup bench on ${kind}: ${LEADS} leads, ${LOG_ROWS} log rows`, machine())
  const source = await newTarget()
  const database = await openDatabase(source)
  let started = performance.now()
  await seed(database)
  console.log(`seeded in ${seconds(performance.now() - started)}`)

  const backupDir = mkdtempSync(join(tmpdir(), 'lr-bench-files-'))
  cleanups.push(() => rmSync(backupDir, { recursive: true, force: true }))
  started = performance.now()
  const { path, rows } = await writeSnapshot(database.db, kind, backupDir)
  const backupMs = performance.now() - started
  const sizeMb = statSync(path).size / 2 ** 20
  const total = Object.values(rows).reduce((a, b) => a + b, 0)
  console.log(`backup: ${seconds(backupMs)}, ${sizeMb.toFixed(1)} MB, ${total} rows`)
  await database.close()

  const target = await newTarget()
  const restored = await openDatabase(target)
  started = performance.now()
  const result = await restoreBackup(restored.db, path)
  const restoreMs = performance.now() - started
  console.log(`restore: ${seconds(restoreMs)}, ${result.rows} rows`)
  await restored.close()

  // Ingest p99 idle, then while the retention job deletes the old log rows. Both runs post for
  // one business from one address, far past the webhook's rate limits: they are turned off, as in
  // the engine bench, since this measures the purge's effect, not the limits.
  await turnRateLimitingOff({ dataDir: source.dataDir, databaseUrl: source.databaseUrl })
  const port = await freePort()
  const server = await startServer(
    loadConfig({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: source.dataDir,
      ...(source.databaseUrl ? { DATABASE_URL: source.databaseUrl } : {}),
    }),
    { logger: false },
  )
  try {
    const idle = await ingest(server.url)
    console.log('ingest idle:', idle)
    const oldRows = async () =>
      Number(
        (
          await server.database.execute(
            `select (select count(*) from webhook_logs where created_at < now() - interval '30 days')
                  + (select count(*) from api_request_logs where created_at < now() - interval '30 days') as n`,
          )
        ).rows[0]?.n,
      )
    const before = await oldRows()
    const purgeStarted = performance.now()
    await server.boss.send(RETENTION_QUEUE, {})
    const during = await ingest(server.url)
    let purgeMs = Number.NaN
    for (let i = 0; i < 1200; i++) {
      if ((await oldRows()) === 0) {
        purgeMs = performance.now() - purgeStarted
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    console.log('ingest during retention:', during)
    console.log(`retention deleted ${before} rows in ${Number.isNaN(purgeMs) ? '>10 min' : seconds(purgeMs)}`)
    console.log(
      `RESULT | ${kind} | ${LEADS} leads + ${LOG_ROWS} log rows | backup ${seconds(backupMs)} | ${sizeMb.toFixed(1)} MB | restore ${seconds(restoreMs)} | ingest p99 idle ${idle.p99} ms, during retention ${during.p99} ms | retention ${seconds(purgeMs)} for ${before} rows`,
    )
  } finally {
    await server.stop()
  }
}

main()
  .catch((error) => {
    console.error(error)
    process.exitCode = 1
  })
  .finally(async () => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {})
  })
