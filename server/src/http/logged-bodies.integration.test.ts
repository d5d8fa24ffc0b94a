import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SessionClient } from '../testing/session-client.ts'
import { startTestServer, type TestServer } from '../testing/test-server.ts'
import { waitFor } from '../testing/wait-for.ts'
import { RATE_LIMITS } from './rate-limits.ts'

// A refused request is logged for the operator; a sign-in's body is a password, so it is never
// written, to the console or to the log files.
let consoleLog = ''
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({
    logger: {
      level: 'info',
      stream: new Writable({
        write(chunk, _encoding, done) {
          consoleLog += String(chunk)
          done()
        },
      }),
    },
  })
  const admin = new SessionClient(server.url)
  await admin.login(server.adminUsername, server.adminPassword)
  const on = await admin.request('PUT', '/api/settings/fileLogging', { json: { value: true } })
  expect(on.status).toBe(200)
})
afterAll(() => server?.close())

function fileLog(): string {
  const dir = join(server.server.config.dataDir, 'logs')
  if (!existsSync(dir)) return ''
  return readdirSync(dir)
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .join('')
}

/** JSON nested deeper than the parser accepts, carrying `fields` first. */
function tooDeep(fields: string): string {
  return `{${fields},"x":${'['.repeat(40)}${']'.repeat(40)}}`
}

describe('logged bodies', () => {
  it('a refused over-deep body is logged without a sign-in at all, and elsewhere without its secrets', async () => {
    const admin = new SessionClient(server.url)
    await admin.login(server.adminUsername, server.adminPassword)
    const signIn = await admin.request('POST', '/api/auth/login', {
      body: tooDeep('"username":"admin","password":"Deep-Login-Secret"'),
      headers: { 'content-type': 'application/json' },
    })
    expect(signIn.status).toBe(400)
    const create = await admin.request('POST', '/api/users', {
      body: tooDeep('"username":"deep-user","password":"Deep-User-Secret"'),
      headers: { 'content-type': 'application/json' },
    })
    expect(create.status).toBe(400)
    await waitFor(
      'both refusals on the console',
      () => (consoleLog.match(/refused request body/g) ?? []).length >= 2,
    )
    await waitFor(
      'both refusals in the file',
      () => (fileLog().match(/refused request body/g) ?? []).length >= 2,
    )
    for (const [where, text] of [
      ['console', consoleLog],
      ['file', fileLog()],
    ]) {
      expect(text, where).toContain('deep-user')
      expect(text, where).not.toContain('Deep-Login-Secret')
      expect(text, where).not.toContain('Deep-User-Secret')
    }
  })

  it('a rate-limited sign-in logs the refusal but not the password, on the console or in the files', async () => {
    const c = new SessionClient(server.url)
    for (let i = 0; i < RATE_LIMITS.loginFailures.max; i++) {
      const failed = await c.post('/api/auth/login', { username: 'admin', password: `Guess-${i}-hunter2` })
      expect(failed.status).toBe(401)
    }
    const secret = 'Correct-Horse-Battery-Staple'
    const refused = await c.post('/api/auth/login', { username: 'admin', password: secret })
    expect(refused.status).toBe(429)

    const refusal = /rate limited: too many failed sign-ins/
    await waitFor('the refusal on the console', () => refusal.test(consoleLog), 5_000)
    await waitFor('the refusal in the log file', () => refusal.test(fileLog()), 5_000)
    for (const [where, text] of [
      ['console', consoleLog],
      ['file', fileLog()],
    ]) {
      expect(text, where).not.toContain(secret)
      expect(text, where).not.toContain('hunter2')
    }
  })
})
