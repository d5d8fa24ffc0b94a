// Issue 14: the logs and stats reads at scale. Seeds N messages, N/2 webhook log rows and N/2
// API request log rows (N = 1,000,000 log rows on PostgreSQL, 200,000 on PGlite), then times the
// services behind GET /api/all-request-logs, /api/messages and /api/stats: first page, filtered
// pages, a later page by cursor, an operator's scoped page. Each figure is the page *and* its
// X-Total-Count, as the endpoint answers them.
//
//   BENCH_DB=postgres node --import tsx bench/logs.bench.ts      # N = 1,000,000
//   node --import tsx bench/logs.bench.ts                        # PGlite, N = 200,000
//   BENCH_ROWS=50000 …                                           # another N
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { messagesQuerySchema } from '@common/messages.ts'
import { requestLogsQuerySchema } from '@common/request-logs.ts'
import { type Database, openDatabase } from '../server/src/db/database.ts'
import { createQueue, stopQueue } from '../server/src/engine/queue/queue.ts'
import type { AuthenticatedSession } from '../server/src/modules/auth/auth.service.ts'
import { MessagesService } from '../server/src/modules/messages/messages.service.ts'
import { RequestLogsService } from '../server/src/modules/request-logs/request-logs.service.ts'
import { StatsService } from '../server/src/modules/stats/stats.service.ts'
import {
  INDEXED_LOG_TABLES,
  indexLogTail,
  vacuumLogTables,
} from '../server/src/repositories/log-index.repository.ts'
import { createBenchPostgres } from './bench-postgres.ts'

const kind = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite'
const N = Number(process.env.BENCH_ROWS ?? (kind === 'postgres' ? 1_000_000 : 200_000))
const RUNS = Number(process.env.BENCH_RUNS ?? 30)
const CLIENTS = 50

async function openBenchDatabase(): Promise<{ database: Database; dispose: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'lr-logs-bench-'))
    const database = await openDatabase({ dataDir: join(dir, 'data') })
    return { database, dispose: async () => rmSync(dir, { recursive: true, force: true }) }
  }
  if (process.env.BENCH_DATABASE_URL) {
    // Your own database, kept afterwards (seeded only when it has no messages yet).
    const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir: tmpdir() })
    return { database, dispose: async () => {} }
  }
  const target = await createBenchPostgres()
  const database = await openDatabase({ databaseUrl: target.url, dataDir: tmpdir() })
  return { database, dispose: target.drop }
}

async function seed(database: Database): Promise<void> {
  const run = (text: string) => database.execute(text)
  await run(`insert into clients (client_id, name) select 'client-' || i, 'Client ' || i
    from generate_series(1, ${CLIENTS}) i`)
  // In chunks: PGlite holds a whole statement's work in WASM memory.
  const chunk = 100_000
  for (let start = 1; start <= N; start += chunk) {
    const end = Math.min(N, start + chunk - 1)
    await run(`insert into messages (client_id, direction, platform, content, status, metadata, created_at)
      select 'client-' || (i % ${CLIENTS} + 1), case when i % 2 = 0 then 'inbound' else 'outbound' end, 'yelp',
        'Message ' || i || ' about the roof repair ' || md5(i::text),
        case when i % 20 = 0 then 'error' when i % 7 = 0 then 'pending' else 'success' end,
        jsonb_build_object('leadId', 'lead-' || (i % 5000)), now() - (i || ' seconds')::interval
      from generate_series(${start}, ${end}) i`)
  }
  for (let start = 1; start <= N / 2; start += chunk) {
    const end = Math.min(N / 2, start + chunk - 1)
    await run(`insert into webhook_logs (endpoint, method, status_code, payload, response, error, client_id, created_at)
      select case when i % 10 = 0 then '/reply' else '/yelp/webhook' end, 'POST',
        case when i % 50 = 0 then 401 else 200 end,
        jsonb_build_object('data', jsonb_build_object('id', 'biz-' || (i % ${CLIENTS}),
          'updates', jsonb_build_array(jsonb_build_object('lead_id', 'lead-' || i, 'event_type', 'NEW_EVENT')))),
        '{"received":true}'::jsonb,
        case when i % 50 = 0 then 'Webhook secret missing or wrong' end,
        'client-' || (i % ${CLIENTS} + 1), now() - (i * 2 || ' seconds')::interval
      from generate_series(${start}, ${end}) i`)
    await run(`insert into api_request_logs (direction, endpoint, method, status_code, client_id, platform,
        request_headers, request_body, response_headers, response_body, error, duration, created_at)
      select 'outgoing',
        case i % 3 when 0 then 'https://api.yelp.com/v3/leads/lead-' || (i % 5000) || '/events'
          when 1 then 'https://services.leadconnectorhq.com/conversations/messages/inbound'
          else 'https://services.leadconnectorhq.com/contacts/upsert' end,
        case i % 3 when 0 then 'GET' else 'POST' end,
        case when i % 40 = 0 then 429 else 200 end, 'client-' || (i % ${CLIENTS} + 1),
        case i % 3 when 0 then 'yelp' else 'ghl' end,
        '{"authorization":"[redacted]","accept":"application/json"}'::jsonb,
        jsonb_build_object('message', 'Reply ' || i || ' ' || md5(i::text)),
        '{"content-type":"application/json"}'::jsonb,
        jsonb_build_object('id', 'msg-' || i),
        case when i % 40 = 0 then 'HTTP 429: Too many requests' end,
        (i % 300) + 20, now() - (i * 2 + 1 || ' seconds')::interval
      from generate_series(${start}, ${end}) i`)
  }
  // The log-index job's work, done here at once: every request-log row indexed and counted but
  // the last BENCH_UNINDEXED (1,000) of each table, the tail a busy hub's job has not reached yet.
  const tail = Number(process.env.BENCH_UNINDEXED ?? 1000)
  for (const table of INDEXED_LOG_TABLES) {
    for (let left = N / 2 - tail; left > 0; )
      left -= await indexLogTail(database.db, table, Math.min(chunk, left))
  }
  // PGlite has no autovacuum: the versions the indexing left, as its housekeeping job vacuums them.
  if (kind === 'pglite') await vacuumLogTables(database.db)
  await run(kind === 'postgres' ? 'vacuum analyze' : 'analyze')
}

function session(role: string, id: number): AuthenticatedSession {
  return { user: { id, role } as AuthenticatedSession['user'], sessionId: 0 }
}

async function time(label: string, work: () => Promise<unknown>): Promise<string> {
  for (let i = 0; i < 3; i++) await work()
  const samples: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now()
    await work()
    samples.push(performance.now() - started)
  }
  samples.sort((a, b) => a - b)
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.ceil(q * samples.length) - 1)] ?? 0
  const line = `${label.padEnd(58)} p50 ${at(0.5).toFixed(1).padStart(7)} ms   p95 ${at(0.95).toFixed(1).padStart(7)} ms`
  console.log(line)
  return line
}

async function main(): Promise<void> {
  const { database, dispose } = await openBenchDatabase()
  try {
    // pg-boss's schema: the messages page looks up dead jobs for messages in error.
    const boss = createQueue(database)
    await boss.start()
    await stopQueue(boss)
    const seeded = performance.now()
    const [existing] = (await database.execute('select exists (select 1 from messages) as seeded')).rows
    if (existing?.seeded !== true) await seed(database)
    console.log(
      `${kind}: seeded ${N} messages + ${N} log rows in ${((performance.now() - seeded) / 1000).toFixed(0)} s`,
    )
    // An operator assigned to 5 of the 50 clients.
    await database.execute(
      `insert into users (username, password, role) values ('bench-op', 'x', 'operator') on conflict do nothing`,
    )
    const [op] = (await database.execute(`select id from users where username = 'bench-op'`)).rows
    const opId = Number(op?.id)
    await database.execute(`insert into user_client_assignments (user_id, client_id)
      select ${opId}, 'client-' || i from generate_series(1, 5) i on conflict do nothing`)

    const admin = session('admin', 1)
    const operator = session('operator', opId)
    const logs = new RequestLogsService(database.db)
    const messages = new MessagesService(database.db)
    const stats = new StatsService(database.db)
    const logQuery = (query: Record<string, string>) => requestLogsQuerySchema.parse(query)
    const messageQuery = (query: Record<string, string>) => messagesQuerySchema.parse(query)
    const today = new Date().toISOString().slice(0, 10)
    const cursorAfter = async (pages: number) => {
      let cursor: string | undefined
      for (let i = 0; i < pages; i++)
        cursor = (await logs.list(admin, logQuery(cursor ? { cursor } : {}))).nextCursor ?? undefined
      return cursor ?? ''
    }
    const fifthPage = await cursorAfter(4)

    const lines = [
      await time('logs: first page (100) + total', () => logs.list(admin, logQuery({}))),
      await time('logs: page 5 by cursor', () => logs.list(admin, logQuery({ cursor: fifthPage }))),
      await time('logs: q=leadconnectorhq (common)', () =>
        logs.list(admin, logQuery({ q: 'leadconnectorhq' })),
      ),
      await time('logs: q=lead-4242 (rare)', () => logs.list(admin, logQuery({ q: 'lead-4242' }))),
      await time('logs: direction=incoming', () => logs.list(admin, logQuery({ direction: 'incoming' }))),
      await time('logs: endpoint=/reply', () => logs.list(admin, logQuery({ endpoint: '/reply' }))),
      await time(`logs: from=to=${today}`, () => logs.list(admin, logQuery({ from: today, to: today }))),
      await time('logs: operator (5 of 50 clients)', () => logs.list(operator, logQuery({}))),
      await time('logs: endpoints', () => logs.endpoints(admin)),
      await time('messages: first page (100) + total', () => messages.list(admin, messageQuery({}))),
      await time('messages: status=error', () => messages.list(admin, messageQuery({ status: 'error' }))),
      await time('messages: q=roof repair 4242', () =>
        messages.list(admin, messageQuery({ q: 'repair 4242' })),
      ),
      await time(`messages: date=${today}`, () => messages.list(admin, messageQuery({ date: today }))),
      await time('messages: operator (5 of 50 clients)', () => messages.list(operator, messageQuery({}))),
      await time('stats (admin)', () => stats.stats(admin)),
      await time('stats (operator)', () => stats.stats(operator)),
    ]
    console.log(`\n${kind}, N=${N}, ${RUNS} runs each after 3 warm-ups\n${lines.join('\n')}`)
    // Which index each kind of read goes through (the names RESULTS.md cites).
    // Raw text through Database.execute: the benchmark reads plans, it does not query through the ORM.
    const { MESSAGE_SEARCH_TEXT } = await import('../server/src/db/schema.ts')
    const plans: Array<[string, string]> = [
      [
        'logs first page (webhook branch)',
        `select id from webhook_logs order by created_at desc nulls last, id desc nulls last limit 101`,
      ],
      ['logs q (webhook count)', `select count(*) from webhook_logs where search_text like '%lead-4242%'`],
      ['logs q (api count)', `select count(*) from api_request_logs where search_text like '%lead-4242%'`],
      [
        'logs q common (api count)',
        `select count(*) from api_request_logs where search_text like '%leadconnectorhq%'`,
      ],
      [
        'messages q (count)',
        `select count(*) from messages where ${MESSAGE_SEARCH_TEXT} ilike '%repair 4242%'`,
      ],
      [
        'logs endpoint=/reply',
        `select id from webhook_logs where endpoint = '/reply' order by created_at desc nulls last, id desc nulls last limit 101`,
      ],
    ]
    for (const [label, query] of plans) {
      const { rows } = await database.execute(`explain ${query}`)
      const used = rows
        .map((row) => String(Object.values(row)[0] ?? ''))
        .filter((line) => /Index|Seq Scan|Bitmap/.test(line))
        .map((line) => line.trim().replace(/\s+\(cost.*$/, ''))
      console.log(`plan ${label}: ${used.join(' | ')}`)
    }
  } finally {
    await database.close()
    await dispose()
  }
}

await main()
