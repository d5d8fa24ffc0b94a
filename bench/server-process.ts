import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'

const MAIN = new URL('../server/src/main.ts', import.meta.url).pathname

export interface ServerProcess {
  child: ChildProcess
  url: string
  /** Milliseconds from spawn until `GET /api/health` answered 200. */
  readyMs: number
  rssMb(): number
  stop(): Promise<void>
}

/** Starts the real server as `npm start` does and waits until it answers health checks. */
export async function startServerProcess(env: Record<string, string>, port: number): Promise<ServerProcess> {
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
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
    rssMb: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
    },
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
