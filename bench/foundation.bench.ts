// Foundation benchmarks: cold start (with initdb) and warm start, idle memory, and
// GET /api/auth/me throughput with autocannon, on PGlite and on PostgreSQL.
// Run: node --import tsx bench/foundation.bench.ts   (PostgreSQL on 127.0.0.1:5432 for the pg half)
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { freePort, startServerProcess } from './server-process.ts'

const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const PASSWORD = 'bench-admin-password'
/** autocannon seconds per database (10 for the recorded figures; smaller for a dry run). */
const DURATION = Number(process.env.BENCH_DURATION ?? 10)

async function withPgAdmin(sql: string) {
  const client = new pg.Client({ connectionString: PG_ADMIN })
  await client.connect()
  await client.query(sql)
  await client.end()
}

async function measure(kind: 'pglite' | 'postgres', port: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'leadrelay-bench-'))
  const dbName = `lr_bench_${Date.now()}`
  const env: Record<string, string> = { DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD }
  if (kind === 'postgres') {
    await withPgAdmin(`CREATE DATABASE ${dbName}`)
    env.DATABASE_URL = PG_ADMIN.replace(/\/[^/]*$/, `/${dbName}`)
  }
  try {
    const cold = await startServerProcess(env, port)
    await cold.stop()
    const warm = await startServerProcess(env, port)
    await new Promise((resolve) => setTimeout(resolve, 5000))
    const idleRss = warm.rssMb()
    const login = await fetch(`${warm.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    })
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
    const result = await autocannon({
      url: `${warm.url}/api/auth/me`,
      headers: { cookie },
      connections: 10,
      duration: DURATION,
    })
    await warm.stop()
    return {
      kind,
      coldStartMs: Math.round(cold.readyMs),
      warmStartMs: Math.round(warm.readyMs),
      idleRssMb: Math.round(idleRss),
      meRps: Math.round(result.requests.average),
      meP50: result.latency.p50,
      meP99: result.latency.p99,
      non2xx: result.non2xx,
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
    if (kind === 'postgres') await withPgAdmin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)
  }
}

console.log(
  `machine: ${cpus().length} cpus, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, ${new Date().toISOString()}`,
)
const rows = [await measure('pglite', await freePort()), await measure('postgres', await freePort())]
console.log(
  '| database | cold start (initdb) | warm start | idle RSS | GET /api/auth/me req/s | p50 | p99 | non-2xx |',
)
console.log('|---|---|---|---|---|---|---|---|')
for (const r of rows) {
  console.log(
    `| ${r.kind} | ${r.coldStartMs} ms | ${r.warmStartMs} ms | ${r.idleRssMb} MB | ${r.meRps} | ${r.meP50} ms | ${r.meP99} ms | ${r.non2xx} |`,
  )
}
