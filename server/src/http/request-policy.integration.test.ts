import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SessionClient } from '../testing/session-client.ts'
import { startTestServer, type TestServer } from '../testing/test-server.ts'
import { waitFor } from '../testing/wait-for.ts'

// The router decodes the path before matching: `/%61pi/backup` is `/api/backup`. Whatever guards
// an API call (the origin check, JSON-only bodies, `no-store`, the access line) must follow the
// route that answers, not the spelling of the raw URL.
const lines: Array<{ msg: string }> = []
let server: TestServer
let admin: SessionClient

beforeAll(async () => {
  server = await startTestServer({
    logger: {
      level: 'debug',
      stream: new Writable({
        write(chunk, _encoding, done) {
          for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
          done()
        },
      }),
    },
  })
  admin = new SessionClient(server.url)
  await admin.login(server.adminUsername, server.adminPassword)
})
afterAll(() => server?.close())

describe('request policy on percent-encoded API paths', () => {
  it('refuses a cross-origin POST to /%61pi/backup as it refuses one to /api/backup', async () => {
    for (const path of ['/api/backup', '/%61pi/backup', '/%61%70%69/backup']) {
      const answer = await admin.request('POST', path, { headers: { origin: 'https://evil.example' } })
      expect(answer.status, path).toBe(403)
      expect(answer.body, path).toEqual({ error: 'Origin: cross-origin requests are refused' })
    }
    const backups = await admin.get('/api/backups')
    expect(backups.body).toEqual([])
  })

  it('refuses a non-JSON body on an encoded path', async () => {
    const answer = await new SessionClient(server.url).request('POST', '/%61pi/auth/login', {
      body: 'username=admin&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ error: 'body: must be JSON (Content-Type: application/json)' })
  })

  it('marks an encoded API answer no-store and writes its access line', async () => {
    const answer = await admin.get('/%61pi/auth/me')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    // No route matched: the decoded path decides.
    const unknown = await admin.get('/api/no-such-thing')
    expect([unknown.status, unknown.headers.get('cache-control')]).toEqual([404, 'no-store'])
    await waitFor('the access line of the encoded request', () =>
      lines.some((line) => /^GET \/%61pi\/auth\/me 200 \d+ms$/.test(line.msg)),
    )
  })
})
