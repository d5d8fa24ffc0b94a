import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { findFreePort } from '../server/src/testing/test-server.ts'
// @ts-expect-error: a plain .mjs script without type declarations
import { ensureServerBuild } from './server-build.mjs'

// `npm start` runs the server compiled into one file (scripts/server-build.mjs). Every module's
// import.meta.url is then that file's: the paths the server reads beside its code (the
// migrations, the embedded-database builder, the web build) must still resolve, or a newcomer's
// first `npm start` fails where every test (which runs the sources) passes.

const dataDir = mkdtempSync(join(tmpdir(), 'leadrelay-compiled-'))
let server: ChildProcess | undefined
afterAll(() => {
  server?.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

/** The server's answer once it listens; its stderr if it exits or never listens. */
async function answered(child: ChildProcess, url: string, stderr: () => string): Promise<Response> {
  const deadline = Date.now() + 90_000
  for (;;) {
    try {
      return await fetch(url)
    } catch {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${stderr()}`)
      if (Date.now() > deadline) throw new Error(`the server did not listen within 90 s: ${stderr()}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

describe('the compiled server', () => {
  it('starts on an empty data folder, migrates it, answers, and stops cleanly', {
    timeout: 120_000,
  }, async () => {
    const built: string = await ensureServerBuild()
    const port = await findFreePort()
    const child = spawn(process.execPath, ['--max-semi-space-size=2', built], {
      // A newcomer's environment, not vitest's (which sets BASE_URL to '/'): the embedded database.
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    server = child
    let stderr = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    const base = `http://127.0.0.1:${port}`
    const health = await answered(child, `${base}/api/health`, () => stderr)
    expect(health.status, stderr).toBe(200)
    // A route that reads the migrated tables: a wrong password is refused, not a 500.
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nobody', password: 'wrong-password' }),
    })
    expect(login.status, stderr).toBe(401)
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
    child.kill('SIGTERM')
    expect(await exit, stderr).toBe(0)
  })
})
