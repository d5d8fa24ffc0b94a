// First run as a new user meets it: `npm start` on an empty data folder (initdb included), then a
// restart; for each, the time until /api/health answers and the memory after a quiet minute.
// Targets (issue "First run and finish"): idle RSS ≤ 300 MB on PGlite and ≤ 150 MB on
// PostgreSQL, first start included; cold start on PGlite ≤ 5 s.
// Run: node --import tsx bench/first-run.bench.ts   (PostgreSQL on 127.0.0.1:5432 for that half)
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { freePort, type ServerProcess, startServerProcess } from './server-process.ts'

const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
/** Seconds the server sits idle before its memory is read (60 for the recorded figures). */
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60)

async function pgAdmin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN })
  await client.connect()
  await client.query(sql)
  await client.end()
}

interface Run {
  readyMs: number
  idleRssMb: number
  peakRssMb: number
}

async function runOnce(env: Record<string, string>): Promise<Run> {
  const server: ServerProcess = await startServerProcess(env, await freePort())
  try {
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000))
    return {
      readyMs: Math.round(server.readyMs),
      idleRssMb: Math.round(server.rssMb()),
      peakRssMb: Math.round(server.peakRssMb()),
    }
  } finally {
    await server.stop()
  }
}

async function measure(kind: 'pglite' | 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'leadrelay-first-run-'))
  const dbName = `lr_first_run_${Date.now()}`
  const env: Record<string, string> = { DATA_DIR: dataDir, ADMIN_PASSWORD: 'first-run-password' }
  if (kind === 'postgres') {
    await pgAdmin(`CREATE DATABASE ${dbName}`)
    env.DATABASE_URL = PG_ADMIN.replace(/\/[^/]*$/, `/${dbName}`)
  }
  try {
    const first = await runOnce(env)
    const restart = await runOnce(env)
    return { kind, first, restart }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
    if (kind === 'postgres') await pgAdmin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {})
  }
}

const load = loadavg()[0]?.toFixed(1)
const results = [await measure('pglite'), await measure('postgres')]
const lines = [
  `Machine: ${cpus().length} cores, load ${load} at start; idle ${IDLE_SECONDS} s before reading memory.`,
  '',
  '| database | start | ready after | idle RSS | peak RSS |',
  '| --- | --- | --- | --- | --- |',
  ...results.flatMap(({ kind, first, restart }) => [
    `| ${kind} | first (empty data folder) | ${first.readyMs} ms | ${first.idleRssMb} MB | ${first.peakRssMb} MB |`,
    `| ${kind} | restart | ${restart.readyMs} ms | ${restart.idleRssMb} MB | ${restart.peakRssMb} MB |`,
  ]),
]
console.log(lines.join('\n'))
