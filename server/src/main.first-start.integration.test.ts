import { type ChildProcess, spawn } from 'node:child_process'
import { createServer, type Server } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SessionClient } from './testing/session-client.ts'
import { createTestDatabase, type TestDatabase } from './testing/test-database.ts'
import { findFreePort } from './testing/test-server.ts'
import { waitFor } from './testing/wait-for.ts'

// The operator's first `npm start` when the port is taken: one line naming the variable to set,
// no stack trace, and the first admin is not spent on a start that never served anything.
const MAIN = new URL('./main.ts', import.meta.url).pathname
let database: TestDatabase
const children: ChildProcess[] = []

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL')
  await database?.dispose()
})

function start(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: database.dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, exited, output: () => output }
}

function occupy(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const blocker = createServer()
    blocker.once('error', reject)
    blocker.listen(port, '127.0.0.1', () => resolve(blocker))
  })
}

describe('npm start on a port that is already taken', () => {
  it('says which variable to set, exits non-zero without a stack, and the next start shows a password that signs in', {
    timeout: 240_000,
  }, async () => {
    const port = await findFreePort()
    const blocker = await occupy(port)
    const busy = start(port)
    const code = await busy.exited
    blocker.close()
    expect(code, busy.output()).not.toBe(0)
    expect(code).not.toBeNull()
    expect(busy.output()).toContain(`LeadRelay cannot start: port ${port} is already in use`)
    expect(busy.output()).toMatch(/set PORT to a free port/)
    // No stack trace, and no error object dumped as JSON.
    expect(busy.output()).not.toMatch(/\n\s+at /)
    expect(busy.output()).not.toContain('EADDRINUSE')
    expect(busy.output()).not.toMatch(/FIRST ADMIN CREATED/)

    const retry = start(await findFreePort())
    await waitFor(
      'the first admin banner',
      () => {
        if (retry.child.exitCode !== null) throw new Error(`the retry exited:\n${retry.output()}`)
        return /Password {4}\S{12,}/.test(retry.output())
      },
      120_000,
    ).catch((error: unknown) => {
      throw new Error(`${error instanceof Error ? error.message : error}\n${retry.output()}`)
    })
    const password = /Password {4}(\S+)/.exec(retry.output())?.[1] ?? ''
    const url = /Sign in at {2}(\S+)/.exec(retry.output())?.[1] ?? ''
    expect(url).toMatch(/^http:\/\//)
    const address = /"msg":"LeadRelay listening on (\S+) /.exec(retry.output())?.[1]
    expect(address).toBeDefined()
    const port2 = new URL(address ?? '').port
    const session = new SessionClient(`http://127.0.0.1:${port2}`)
    const answer = await session.post('/api/auth/login', { username: 'admin', password })
    expect(answer.status, answer.text).toBe(200)
    retry.child.kill('SIGTERM')
    expect(await retry.exited).toBe(0)
  })
})
