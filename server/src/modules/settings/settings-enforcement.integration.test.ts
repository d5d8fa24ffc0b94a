import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config/config.ts'
import { RETENTION_QUEUE } from '../../engine/retention.job.ts'
import { type RunningServer, startServer } from '../../server.ts'
import { SessionClient } from '../../testing/session-client.ts'
import { findFreePort, startTestServer, type TestServer } from '../../testing/test-server.ts'
import { sleep, waitFor } from '../../testing/wait-for.ts'
import { BACKUP_CRON, BACKUP_QUEUE } from '../backups/backup-schedule.ts'

// Each setting's effect, observed from outside (docs/spec/product.md §2: the server obeys them).

/** A clock the test moves: sessions expire by it instead of by a sixty-second sleep. */
function testClock() {
  let offsetMs = 0
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms: number) => {
      offsetMs += ms
    },
  }
}

/** What the server logged, one parsed pino line each. */
function logCapture() {
  const lines: Array<{ level: number; msg: string }> = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      done()
    },
  })
  return { lines, stream }
}

const clock = testClock()
const logs = logCapture()
let server: TestServer
let admin: SessionClient

beforeAll(async () => {
  server = await startTestServer({
    core: { clock: clock.now },
    logger: { level: 'error', stream: logs.stream },
  })
  admin = new SessionClient(server.url)
  await admin.login(server.adminUsername, server.adminPassword)
}, 120_000)
afterAll(() => server?.close())

function put(key: string, value: unknown) {
  return admin.request('PUT', `/api/settings/${key}`, { json: { value } })
}

function sql(text: string, values?: unknown[]) {
  return server.server.database.execute(text, values)
}

describe('session timeout', () => {
  it('a 1-minute timeout expires an idle session and slides while it is used', async () => {
    expect((await put('sessionTimeout', 1)).status).toBe(200)
    const user = new SessionClient(server.url)
    await user.login(server.adminUsername, server.adminPassword)
    // Used every 40 seconds for two minutes: still signed in (the expiry slides).
    for (let i = 0; i < 3; i++) {
      clock.advance(40_000)
      expect((await user.get('/api/auth/me')).status).toBe(200)
    }
    // Then idle for just over a minute: signed out.
    clock.advance(61_000)
    expect((await user.get('/api/auth/me')).status).toBe(401)
    // A longer timeout again, for the tests below (admin's own session expired with the clock).
    await admin.login(server.adminUsername, server.adminPassword)
    expect((await put('sessionTimeout', 30)).status).toBe(200)
  })
})

describe('rate limiting', () => {
  async function badLogin(username: string) {
    return (
      await new SessionClient(server.url).post('/api/auth/login', { username, password: 'wrong-password' })
    ).status
  }

  it('off lets the 11th bad sign-in through to a 401; on answers 429', async () => {
    expect((await put('rateLimiting', false)).status).toBe(200)
    const off: number[] = []
    for (let i = 0; i < 12; i++) off.push(await badLogin('guesser'))
    expect(off).toEqual(Array(12).fill(401))
    expect(await server.server.settings.isRateLimitingEnabled()).toBe(false)

    expect((await put('rateLimiting', true)).status).toBe(200)
    expect(await badLogin('guesser')).toBe(429)
    const fresh: number[] = []
    for (let i = 0; i < 11; i++) fresh.push(await badLogin('other-guesser'))
    expect(fresh).toEqual([...Array(10).fill(401), 429])
  })
})

describe('log level', () => {
  it('changes the running logger at once', async () => {
    const seen = () => logs.lines.filter((l) => l.msg.startsWith('GET /api/settings 200 '))
    await admin.get('/api/settings')
    expect(seen()).toEqual([])
    expect((await put('logLevel', 'debug')).status).toBe(200)
    expect(server.server.app.log.level).toBe('debug')
    await admin.get('/api/settings')
    await waitFor('the debug line of the request', () => seen().length === 1, 5_000)
    expect(seen()[0]?.level).toBe(20)
    expect((await put('logLevel', 'error')).status).toBe(200)
    await admin.get('/api/settings')
    await sleep(200)
    expect(seen().length).toBe(1)
  })
})

describe('file logging', () => {
  function fileLog(): string {
    const dir = join(server.server.config.dataDir, 'logs')
    if (!existsSync(dir)) return ''
    return readdirSync(dir)
      .map((name) => readFileSync(join(dir, name), 'utf8'))
      .join('')
  }

  it('writes rotating files in DATA_DIR/logs while on, nothing while off', async () => {
    server.server.app.log.error('probe-while-on')
    await waitFor('the line in the log file', () => fileLog().includes('probe-while-on'), 5_000)
    expect(readdirSync(join(server.server.config.dataDir, 'logs'))[0]).toMatch(
      /^leadrelay-\d+\.\d+\.\d+\.log$|^leadrelay-\d+\..*\.log$/,
    )

    expect((await put('fileLogging', false)).status).toBe(200)
    server.server.app.log.error('probe-while-off')
    await sleep(300)
    expect(fileLog()).not.toContain('probe-while-off')

    expect((await put('fileLogging', true)).status).toBe(200)
    server.server.app.log.error('probe-on-again')
    await waitFor('the line after switching back on', () => fileLog().includes('probe-on-again'), 5_000)
  })
})

describe('log retention', () => {
  it('a daily job deletes webhook logs, API logs and messages older than N days, never leads', async () => {
    expect((await put('logRetention', 7)).status).toBe(200)
    const old = new Date(Date.now() - 10 * 86_400_000).toISOString()
    const recent = new Date(Date.now() - 2 * 86_400_000).toISOString()
    // Messages and leads belong to a client (their foreign keys cascade from it).
    await sql(
      `insert into clients (client_id, name) values ('c1', 'Retention Roofing') on conflict do nothing`,
    )
    for (const at of [old, recent]) {
      await sql(
        `insert into webhook_logs (endpoint, method, status_code, created_at) values ('/yelp/webhook', 'POST', 200, $1)`,
        [at],
      )
      await sql(
        `insert into api_request_logs (direction, endpoint, method, created_at) values ('outgoing', 'https://api.yelp.com/x', 'GET', $1)`,
        [at],
      )
      await sql(
        `insert into messages (client_id, direction, content, status, created_at) values ('c1', 'inbound', 'hi', 'success', $1)`,
        [at],
      )
    }
    await sql(
      `insert into leads (lead_id, client_id, time_created, last_event_time, created_at) values ('old-lead', 'c1', $1, $1, $1)`,
      [new Date(Date.now() - 400 * 86_400_000).toISOString()],
    )
    const count = async (table: string) =>
      Number((await sql(`select count(*)::int as n from ${table}`)).rows[0]?.n)
    const before = {
      webhook: await count('webhook_logs'),
      api: await count('api_request_logs'),
      messages: await count('messages'),
    }

    // The schedule is one row for the queue; run its job now as the daily tick would.
    const schedules = await server.server.boss.getSchedules()
    expect(schedules.find((s) => s.name === RETENTION_QUEUE)?.cron).toBe('17 3 * * *')
    await server.server.boss.send(RETENTION_QUEUE, {})
    await waitFor('old rows purged', async () => (await count('messages')) === before.messages - 1, 30_000)
    expect(await count('webhook_logs')).toBe(before.webhook - 1)
    expect(await count('api_request_logs')).toBe(before.api - 1)
    expect(await count('leads')).toBe(1)
    const oldLeft = await sql(
      `select (select count(*) from webhook_logs where created_at < now() - interval '7 days')
            + (select count(*) from api_request_logs where created_at < now() - interval '7 days')
            + (select count(*) from messages where created_at < now() - interval '7 days') as n`,
    )
    expect(Number(oldLeft.rows[0]?.n)).toBe(0)
  })
})

describe('backups', () => {
  it('POST /api/backup writes a snapshot under DATA_DIR/backups and lists it with its size', async () => {
    const response = await admin.post('/api/backup')
    expect(response.status, response.text).toBe(200)
    const { backupFile } = response.body as { backupFile: string }
    expect(backupFile.startsWith(join(server.server.config.dataDir, 'backups'))).toBe(true)
    expect(existsSync(backupFile)).toBe(true)
    const list = (await admin.get('/api/backups')).body as Array<{ file: string; sizeBytes: number }>
    expect(list[0]?.file).toBe(backupFile)
    expect(list[0]?.sizeBytes).toBeGreaterThan(100)
  })

  it('writes to the backup location and prunes to the newest ten', async () => {
    const location = mkdtempSync(join(tmpdir(), 'lr-backups-'))
    try {
      expect((await put('backupLocation', location)).status).toBe(200)
      const made: string[] = []
      for (let i = 0; i < 12; i++)
        made.push(((await admin.post('/api/backup')).body as { backupFile: string }).backupFile)
      const files = readdirSync(location).filter((f) => f.endsWith('.jsonl.gz'))
      expect(files.length).toBe(10)
      expect(files.sort()).toEqual(
        made
          .slice(2)
          .map((f) => f.slice(location.length + 1))
          .sort(),
      )
    } finally {
      await put('backupLocation', './backups')
      rmSync(location, { recursive: true, force: true })
    }
  })

  it('the frequency plans the scheduled backup job, whose runs appear in the list', async () => {
    const cronOf = async () =>
      (await server.server.boss.getSchedules()).find((s) => s.name === BACKUP_QUEUE)?.cron
    expect(await cronOf()).toBe(BACKUP_CRON.daily)
    expect((await put('backupFrequency', 'hourly')).status).toBe(200)
    expect(await cronOf()).toBe(BACKUP_CRON.hourly)
    const listed = async () => ((await admin.get('/api/backups')).body as unknown[]).length
    const before = await listed()
    await server.server.boss.send(BACKUP_QUEUE, {})
    await waitFor('the scheduled backup', async () => (await listed()) === before + 1, 30_000)
  })
})

describe('webhook secret in every process', () => {
  let second: RunningServer | null = null
  let secondDir: string | null = null

  beforeAll(async () => {
    const url = server.server.database.url
    if (!url) return // The embedded database serves one process.
    secondDir = mkdtempSync(join(tmpdir(), 'lr-second-'))
    const port = await findFreePort()
    second = await startServer(
      loadConfig({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: secondDir,
        DATABASE_URL: url,
        APP_SECRET: server.server.config.appSecret,
      }),
      { logger: false },
    )
  }, 120_000)
  afterAll(async () => {
    await second?.stop()
    if (secondDir) rmSync(secondDir, { recursive: true, force: true })
  })

  const webhook = (base: string, secret?: string) =>
    fetch(`${base}/yelp/webhook${secret ? `?secret=${secret}` : ''}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        time: new Date().toISOString(),
        object: 'business',
        data: { id: 'nobody', updates: [{ event_type: 'NEW_EVENT', lead_id: 'no-lead' }] },
      }),
    })

  it('a webhook without the new secret is refused by every process at once', async () => {
    const hubs = [server.url, ...(second ? [second.url] : [])]
    // Each process has read (and cached) "no secret" already.
    for (const hub of hubs) expect((await webhook(hub)).status).toBe(200)
    expect((await put('webhookSecret', 'new-secret-123')).status).toBe(200)
    const started = Date.now()
    for (const hub of hubs) {
      await waitFor(`${hub} to refuse`, async () => (await webhook(hub)).status === 401, 5_000)
      expect((await webhook(hub, 'new-secret-123')).status).toBe(200)
    }
    // Well inside the ten-second cache: the change was pushed, not waited out.
    expect(Date.now() - started).toBeLessThan(5_000)
    expect((await put('webhookSecret', null)).status).toBe(200)
  })
})
