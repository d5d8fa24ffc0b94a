import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'

// `npm start` itself: its V8 flags and the web build check are part of what is measured.
const START = new URL('../scripts/start.mjs', import.meta.url).pathname

export interface ServerProcess {
  child: ChildProcess
  url: string
  /** Milliseconds from spawn until `GET /api/health` answered 200. */
  readyMs: number
  rssMb(): number
  /** The highest RSS the process has had (VmHWM). */
  peakRssMb(): number
  stop(): Promise<void>
}

/** Starts the real server as `npm start` does and waits until it answers health checks. */
export async function startServerProcess(env: Record<string, string>, port: number): Promise<ServerProcess> {
  const started = performance.now()
  // BENCH_HUB_NODE_ARGS: extra node flags for the hub, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const extra = (process.env.BENCH_HUB_NODE_ARGS ?? '').split(' ').filter(Boolean)
  // The flag `npm start` gives node (package.json).
  const child = spawn(process.execPath, ['--max-semi-space-size=2', ...extra, START], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  // A bench that exits early (an error, its time limit) must not leave a server behind.
  const killOnExit = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  }
  process.once('exit', killOnExit)
  child.once('exit', () => process.removeListener('exit', killOnExit))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 180_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error('server did not answer /api/health within 180 s')
    }
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) break
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  const readyMs = performance.now() - started
  return {
    child,
    url,
    readyMs,
    rssMb: () => procStatusMb(child.pid, 'VmRSS'),
    peakRssMb: () => procStatusMb(child.pid, 'VmHWM'),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        // Graceful stop drains in-flight jobs (up to 20 s in the server); never wait forever.
        const force = setTimeout(() => child.kill('SIGKILL'), 40_000)
        child.once('exit', () => {
          clearTimeout(force)
          resolve()
        })
        child.kill('SIGTERM')
      }),
  }
}

function procStatusMb(pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024
}

/** A port free right now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = address && typeof address === 'object' ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}
