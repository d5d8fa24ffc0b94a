import { type ChildProcess, spawn } from 'node:child_process'
import { sleep } from './wait-for.ts'

const MAIN = new URL('../main.ts', import.meta.url).pathname

export interface HubProcess {
  child: ChildProcess
  url: string
  /** Everything it printed, for failure messages. */
  output(): string
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string | null>
  /** SIGTERM, then waits for the graceful stop. */
  stop(): Promise<void>
  /** SIGKILL: no shutdown at all, as a crash or an OOM kill. */
  kill(): Promise<void>
}

/**
 * The real server as `npm start` runs it (`node --import tsx server/src/main.ts`), in a child
 * process on `port`, ready once `GET /api/health` answers 200.
 */
export async function startHubProcess(env: Record<string, string>, port: number): Promise<HubProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      PORT: String(port),
      BASE_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  )
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the hub exited with ${child.exitCode}:\n${output}`)
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`the hub did not answer health checks in time:\n${output}`)
    }
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) break
    } catch {
      // Not listening yet.
    }
    await sleep(100)
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
  }
  return {
    child,
    url,
    output: () => output,
    exited,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  }
}
