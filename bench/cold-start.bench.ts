// Cold start as a new user meets it after `npm install`: `npm start` on an empty PGlite data
// folder, timed from spawn until /api/health answers, several times; then one restart for scale.
// Beside the wall time, the CPU time the process (and the children it waited for) had used when
// it answered: what the start costs, which moves far less than the wall time on a machine shared
// with other work.
// Target (issue 16): ≤ 5 s on PGlite. The web build is made before the first run, as `npm install`
// makes it (scripts/postinstall.mjs), so the figure is the database's and the server's.
// Run: node --import tsx bench/cold-start.bench.ts   (BENCH_RUNS, default 5)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, startServerProcess } from './server-process.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)

interface Start {
  readyMs: number
  cpuMs: number
}

async function timeStart(dataDir: string): Promise<Start> {
  const server = await startServerProcess(
    { DATA_DIR: dataDir, ADMIN_PASSWORD: 'cold-start-password' },
    await freePort(),
  )
  const cpuMs = cpuMsOf(server.child.pid)
  await server.stop()
  return { readyMs: Math.round(server.readyMs), cpuMs }
}

/** utime + stime + cutime + cstime of /proc/<pid>/stat, in Linux's 10 ms clock ticks. */
function cpuMsOf(pid: number | undefined): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index] ?? 0), 0) * 10
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
const cold: Start[] = []
let restart: Start = { readyMs: 0, cpuMs: 0 }
for (let run = 0; run < RUNS; run++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'leadrelay-cold-start-'))
  try {
    cold.push(await timeStart(dataDir))
    if (run === RUNS - 1) restart = await timeStart(dataDir)
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}
const summary = (values: number[]) =>
  `median ${median(values)} ms (min ${Math.min(...values)}, max ${Math.max(...values)}; each ${values.join(', ')})`
console.log(
  [
    `Machine: ${cpus().length} cores, 1-minute load ${loadBefore} before, ${loadavg()[0]?.toFixed(1)} after.`,
    `cold start (empty data folder), ${RUNS} runs`,
    `  ready after: ${summary(cold.map((start) => start.readyMs))}`,
    `  CPU used by then: ${summary(cold.map((start) => start.cpuMs))}`,
    `restart (same data folder): ready after ${restart.readyMs} ms, CPU ${restart.cpuMs} ms`,
  ].join('\n'),
)
