import { SETTING_KEYS, type Setting } from '@common/settings.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SessionClient } from '../../testing/session-client.ts'
import { startTestServer, type TestServer } from '../../testing/test-server.ts'
import { withSavedStartSettings } from './start-settings.ts'

// GET /api/settings and PUT /api/settings/{key} (docs/spec/product.md §6.1, docs/spec/dashboard-spec.md §5 and §9).
let server: TestServer
let admin: SessionClient

beforeAll(async () => {
  server = await startTestServer({ unpinnedStartSettings: true })
  admin = new SessionClient(server.url)
  await admin.login(server.adminUsername, server.adminPassword)
}, 120_000)
afterAll(() => server?.close())

async function settings(client = admin): Promise<Record<string, Setting>> {
  const response = await client.get('/api/settings')
  expect(response.status, response.text).toBe(200)
  return Object.fromEntries((response.body as Setting[]).map((s) => [s.key, s]))
}

function put(key: string, value: unknown, client = admin) {
  return client.request('PUT', `/api/settings/${key}`, { json: { value } })
}

describe('settings API', () => {
  it('lists all eleven keys with the docs/spec/dashboard-spec.md §9 defaults on a fresh install', async () => {
    const response = await admin.get('/api/settings')
    expect((response.body as Setting[]).map((s) => s.key)).toEqual([...SETTING_KEYS])
    const all = await settings()
    const values = Object.fromEntries(Object.entries(all).map(([key, s]) => [key, s.value]))
    expect(values).toEqual({
      port: Number(new URL(server.url).port),
      baseUrl: server.server.config.baseUrl,
      webhookSecret: null,
      adminUsername: 'admin',
      sessionTimeout: 30,
      rateLimiting: true,
      logLevel: 'info',
      logRetention: 30,
      fileLogging: true,
      backupFrequency: 'daily',
      backupLocation: './backups',
    })
    expect(all.webhookSecret?.configured).toBe(false)
    expect(all.port?.appliesAtNextStart).toBe(true)
    expect(all.baseUrl?.appliesAtNextStart).toBe(true)
  })

  it.each([
    ['port', '', 'port: Port is required'],
    ['port', null, 'port: Port is required'],
    ['port', 'eighty', 'port: Port must be between 1 and 65535'],
    ['port', 70000, 'port: Port must be between 1 and 65535'],
    ['baseUrl', 'not a url', 'baseUrl: Must be a valid URL'],
    ['baseUrl', '', 'baseUrl: Must be a valid URL'],
    ['webhookSecret', 'short', 'webhookSecret: Webhook secret must be at least 8 characters'],
    ['webhookSecret', '', 'webhookSecret: Webhook secret must be at least 8 characters'],
    ['adminUsername', '', 'adminUsername: Admin username is required'],
    ['sessionTimeout', '', 'sessionTimeout: Session timeout is required'],
    ['sessionTimeout', 0, 'sessionTimeout: Session timeout must be between 1 and 43200 minutes'],
    ['logRetention', null, 'logRetention: Log retention is required'],
    ['logLevel', '', 'logLevel: Log level is required'],
    ['logLevel', 'verbose', 'logLevel: Must be one of error, warn, info, debug'],
    ['backupFrequency', '', 'backupFrequency: Backup frequency is required'],
    ['backupFrequency', 'monthly', 'backupFrequency: Must be one of hourly, daily, weekly'],
    ['backupLocation', '  ', 'backupLocation: Backup location is required'],
    ['rateLimiting', 'yes', 'rateLimiting: Rate limiting must be true or false'],
    ['fileLogging', 1, 'fileLogging: File logging must be true or false'],
  ])('refuses %s = %j with "%s" and changes nothing', async (key, value, message) => {
    const before = await settings()
    const response = await put(key, value)
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ error: message })
    expect(await settings()).toEqual(before)
  })

  it('answers 404 for an unknown key', async () => {
    const response = await put('colourScheme', 'dark')
    expect(response.status).toBe(404)
    expect(response.body).toEqual({ error: 'Unknown setting colourScheme' })
  })

  it('saves a value, lists it, and audits old → new', async () => {
    const response = await put('logRetention', '7')
    expect(response.status, response.text).toBe(200)
    expect(response.body).toEqual({ key: 'logRetention', value: 7 })
    expect((await settings()).logRetention?.value).toBe(7)
    const audit = (await admin.get('/api/audit')).body as Array<Record<string, unknown>>
    expect(audit[0]).toMatchObject({
      action: 'setting.update',
      entityType: 'setting',
      entityId: 'logRetention',
      actorUsername: 'admin',
      before: { value: 30 },
      after: { value: 7 },
    })
  })

  it('never sends the webhook secret back, and masks it in the audit log', async () => {
    const secret = 'very-secret-webhook-value'
    const saved = await put('webhookSecret', secret)
    expect(saved.status, saved.text).toBe(200)
    expect(saved.body).toEqual({ key: 'webhookSecret', value: null, configured: true })
    const list = await admin.get('/api/settings')
    expect(list.text).not.toContain(secret)
    expect((await settings()).webhookSecret).toEqual({ key: 'webhookSecret', value: null, configured: true })
    const audit = await admin.get('/api/audit')
    expect(audit.text).not.toContain(secret)
    expect((audit.body as Array<Record<string, unknown>>)[0]).toMatchObject({
      entityId: 'webhookSecret',
      before: { value: null },
      after: { value: '********' },
    })
    const cleared = await put('webhookSecret', null)
    expect(cleared.body).toEqual({ key: 'webhookSecret', value: null, configured: false })
  })

  it('saves port and base URL for the next start, showing what runs now', async () => {
    const running = server.server.config.port
    const response = await put('port', 6123)
    expect(response.status, response.text).toBe(200)
    expect(response.body).toEqual({
      key: 'port',
      value: 6123,
      appliesAtNextStart: true,
      runningValue: running,
    })
    const base = await put('baseUrl', 'https://relay.example.com/')
    expect(base.body).toMatchObject({
      key: 'baseUrl',
      value: 'https://relay.example.com',
      appliesAtNextStart: true,
    })
    // Still answering on the port it started with.
    expect((await admin.get('/api/auth/me')).status).toBe(200)
    // The next start reads them (unless PORT / BASE_URL pin them).
    const { config, database } = server.server
    const next = await withSavedStartSettings(config, database.db)
    expect([next.port, next.baseUrl, next.isHttps]).toEqual([6123, 'https://relay.example.com', true])
    const pinnedNext = await withSavedStartSettings(
      { ...config, pinnedSettings: { port: 'PORT', baseUrl: 'BASE_URL' } },
      database.db,
    )
    expect([pinnedNext.port, pinnedNext.baseUrl]).toEqual([config.port, config.baseUrl])
  })

  it('renames the built-in administrator when adminUsername changes', async () => {
    const renamed = await put('adminUsername', 'chief')
    expect(renamed.status, renamed.text).toBe(200)
    expect((await settings()).adminUsername?.value).toBe('chief')
    const again = new SessionClient(server.url)
    expect(
      (await again.post('/api/auth/login', { username: 'admin', password: server.adminPassword })).status,
    ).toBe(401)
    await again.login('chief', server.adminPassword)
    const taken = await admin.post('/api/users', {
      username: 'taken-name',
      password: 'secret-pass',
      role: 'viewer',
    })
    expect(taken.status).toBe(201)
    const clash = await put('adminUsername', 'taken-name')
    expect(clash.status).toBe(409)
    expect((await settings()).adminUsername?.value).toBe('chief')
  })

  it('is refused to a role without canManageSettings', async () => {
    const created = await admin.post('/api/users', {
      username: 'mgr',
      password: 'secret-pass',
      role: 'manager',
    })
    expect(created.status).toBe(201)
    const manager = new SessionClient(server.url)
    await manager.login('mgr', 'secret-pass')
    expect((await manager.get('/api/settings')).status).toBe(403)
    expect((await put('logLevel', 'debug', manager)).status).toBe(403)
  })
})

describe('a setting pinned by the environment', () => {
  let pinned: TestServer
  beforeAll(async () => {
    pinned = await startTestServer({ env: { LOG_LEVEL: 'warn' } })
  }, 120_000)
  afterAll(() => pinned?.close())

  it('shows the variable, keeps its value and refuses a change', async () => {
    const client = new SessionClient(pinned.url)
    await client.login(pinned.adminUsername, pinned.adminPassword)
    const list = Object.fromEntries(
      ((await client.get('/api/settings')).body as Setting[]).map((s) => [s.key, s]),
    )
    expect(list.logLevel).toEqual({ key: 'logLevel', value: 'warn', pinnedBy: 'LOG_LEVEL' })
    expect(list.port?.pinnedBy).toBe('PORT')
    const response = await put('logLevel', 'debug', client)
    expect(response.status).toBe(409)
    expect(response.body).toEqual({
      error: 'logLevel is set by the environment variable LOG_LEVEL; change it there',
    })
  })
})
