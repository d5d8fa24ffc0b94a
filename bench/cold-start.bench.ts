// Cold start as a new user meets it after `npm install`: `npm start` on an empty PGlite data
// folder, timed from spawn until /api/health answers, several times; then one restart for scale.
// Target (issue 16): ≤ 5 s on PGlite. The web build is made before the first run, as `npm install`
// makes it (scripts/postinstall.mjs), so the figure is the database's and the server's.
// Run: node --import tsx bench/cold-start.bench.ts   (BENCH_RUNS, default 5)
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, startServerProcess } from './server-process.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)

async function timeStart(dataDir: string): Promise<number> {
  const server = await startServerProcess(
    { DATA_DIR: dataDir, ADMIN_PASSWORD: 'cold-start-password' },
    await freePort(),
  )
  await server.stop()
  return Math.round(server.readyMs)
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : Math.round(((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2)
}

// A computed specifier: web-build.mjs is plain JavaScript without type declarations.
const webBuild = new URL('../scripts/web-build.mjs', import.meta.url).href
const { ensureWebBuild } = (await import(webBuild)) as { ensureWebBuild: () => void }
ensureWebBuild()
const loadBefore = loadavg()[0]?.toFixed(1)
const cold: number[] = []
let restart = 0
for (let run = 0; run < RUNS; run++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'leadrelay-cold-start-'))
  try {
    cold.push(await timeStart(dataDir))
    if (run === RUNS - 1) restart = await timeStart(dataDir)
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}
console.log(
  [
    `Machine: ${cpus().length} cores, 1-minute load ${loadBefore} before, ${loadavg()[0]?.toFixed(1)} after.`,
    `cold start (empty data folder), ${RUNS} runs: median ${median(cold)} ms, min ${Math.min(...cold)} ms, max ${Math.max(...cold)} ms`,
    `  each: ${cold.join(', ')} ms`,
    `restart (same data folder): ${restart} ms`,
  ].join('\n'),
)
