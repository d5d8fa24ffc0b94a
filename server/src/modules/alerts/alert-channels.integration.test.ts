import { Writable } from 'node:stream'
import type { AlertChannel, CreatedAlertChannel } from '@common/alerts.ts'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MailCatcher, startMailCatcher } from '../../../../sim/catchers/mail-catcher.ts'
import { startWebhookCatcher, type WebhookCatcher } from '../../../../sim/catchers/webhook-catcher.ts'
import { signInScopedOperator } from '../../testing/scoped-user.ts'
import { SessionClient } from '../../testing/session-client.ts'
import { findFreePort, startTestServer, type TestServer } from '../../testing/test-server.ts'

// docs/spec/product.md §9.3 and §9.7: the channels API, its access, its secrets and "Send test".

let server: TestServer
let bare: TestServer
let admin: SessionClient
let hooks: WebhookCatcher
let mail: MailCatcher
const logLines: string[] = []

beforeAll(async () => {
  hooks = await startWebhookCatcher()
  mail = await startMailCatcher()
  server = await startTestServer({
    env: { SMTP_URL: mail.smtpUrl, ALERT_EMAIL_FROM: 'LeadRelay <alerts@agency.test>' },
    logger: {
      level: 'debug',
      stream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk))
          done()
        },
      }),
    },
  })
  bare = await startTestServer()
  admin = new SessionClient(server.url)
  await admin.login(server.adminUsername, server.adminPassword)
})
afterAll(async () => {
  await server?.close()
  await bare?.close()
  await hooks?.close()
  await mail?.close()
})

const webhookBody = (target: string) => ({
  name: 'Ops receiver',
  type: 'webhook',
  target,
  events: ['lead.new', 'job.dead'],
})

describe('alert channels', () => {
  it('creates a webhook channel: its whsec_ secret once, then never again; the URL shown as scheme and host', async () => {
    const created = await admin.post('/api/alert-channels', webhookBody(`${hooks.url}/secret-path-123`))
    expect(created.status).toBe(201)
    const channel = created.body as CreatedAlertChannel
    expect(channel.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{20,}$/)
    expect(channel.target).toBe(new URL(hooks.url).origin)
    const listed = await admin.get('/api/alert-channels')
    expect(listed.status).toBe(200)
    expect(listed.text).not.toContain('whsec_')
    expect(listed.text).not.toContain('secret-path-123')
    expect((listed.body as AlertChannel[]).find((each) => each.id === channel.id)).toMatchObject({
      name: 'Ops receiver',
      type: 'webhook',
      target: new URL(hooks.url).origin,
      events: ['lead.new', 'job.dead'],
      clientIds: [],
      slaMinutes: 5,
      quietHours: null,
      enabled: true,
    })
    const edited = await admin.request('PUT', `/api/alert-channels/${channel.id}`, {
      json: { name: 'Renamed', enabled: false },
    })
    expect(edited.status).toBe(200)
    expect(edited.text).not.toContain('whsec_')
    expect(edited.body).toMatchObject({ name: 'Renamed', enabled: false, target: new URL(hooks.url).origin })
  })

  it('sends a test event signed so that standardwebhooks verifies it, on a disabled channel too', async () => {
    const created = await admin.post('/api/alert-channels', { ...webhookBody(hooks.url), enabled: false })
    const channel = created.body as CreatedAlertChannel
    const before = hooks.requests().length
    const tested = await admin.post(`/api/alert-channels/${channel.id}/test`, {})
    expect(tested.status).toBe(200)
    expect(tested.body).toEqual({ delivered: true })
    const [delivery] = hooks.requests().slice(before)
    if (!delivery || !channel.secret) throw new Error('the receiver got nothing')
    const verified = new Webhook(channel.secret).verify(delivery.body, delivery.headers) as Record<
      string,
      unknown
    >
    expect(verified).toMatchObject({ type: 'lead.new', clientId: null })
    expect(Object.keys(verified).sort()).toEqual([
      'clientId',
      'clientName',
      'data',
      'id',
      'occurredAt',
      'summary',
      'type',
    ])
    expect(() =>
      new Webhook(`whsec_${Buffer.from('another-secret-entirely').toString('base64')}`).verify(
        delivery.body,
        delivery.headers,
      ),
    ).toThrow()
  })

  it("answers 502 with the channel's own error when the receiver refuses or cannot be reached", async () => {
    const refused = (await admin.post('/api/alert-channels', webhookBody(hooks.url))).body as AlertChannel
    hooks.failNext(1, 503)
    const answer = await admin.post(`/api/alert-channels/${refused.id}/test`, {})
    expect(answer.status).toBe(502)
    expect(answer.body).toEqual({ error: 'The webhook receiver answered 503' })
    const gone = (
      await admin.post('/api/alert-channels', {
        ...webhookBody(`http://127.0.0.1:${await findFreePort()}/nothing-here`),
        type: 'slack',
      })
    ).body as AlertChannel
    const unreachable = await admin.post(`/api/alert-channels/${gone.id}/test`, {})
    expect(unreachable.status).toBe(502)
    expect((unreachable.body as { error: string }).error).toMatch(
      /^Slack could not be reached: .*ECONNREFUSED/,
    )
    expect(unreachable.text).not.toContain('nothing-here')
  })

  it('sends a test email through SMTP_URL with a text and an HTML part', async () => {
    const created = await admin.post('/api/alert-channels', {
      name: 'Owner',
      type: 'email',
      target: 'ops@agency.test, owner@client.test',
      events: ['connection.needs_reauth'],
    })
    expect(created.status).toBe(201)
    const channel = created.body as CreatedAlertChannel
    expect(channel.secret).toBeUndefined()
    expect(channel.target).toBe('ops@agency.test, owner@client.test')
    const tested = await admin.post(`/api/alert-channels/${channel.id}/test`, {})
    expect(tested.status).toBe(200)
    const sent = mail.mails().at(-1)
    expect(sent?.envelopeTo).toEqual(['ops@agency.test', 'owner@client.test'])
    expect(sent?.user).toBe('leadrelay')
    expect(sent?.subject).toContain('Test alert from LeadRelay for channel "Owner"')
    expect(sent?.text).toContain('Nothing to do: this channel works.')
    expect(sent?.html).toContain('<h1')
  })

  it('refuses an email channel without SMTP_URL, naming it, and saves nothing', async () => {
    const bareAdmin = new SessionClient(bare.url)
    await bareAdmin.login(bare.adminUsername, bare.adminPassword)
    const answer = await bareAdmin.post('/api/alert-channels', {
      name: 'Owner',
      type: 'email',
      target: 'ops@agency.test',
      events: ['job.dead'],
    })
    expect(answer.status).toBe(400)
    expect((answer.body as { error: string }).error).toContain('SMTP_URL')
    expect((await bareAdmin.get('/api/alert-channels')).body).toEqual([])
  })

  it.each([
    [{ ...webhookBody('ftp://example.com') }, 'target: Target must be an http(s) URL'],
    [{ ...webhookBody('http://example.com'), events: [] }, 'events: Choose at least one event'],
    [{ ...webhookBody('http://example.com'), events: ['lead.nope'] }, 'events.0: Events must be among'],
    [
      { ...webhookBody('http://example.com'), type: 'sms' },
      'type: Type must be one of slack, email, webhook',
    ],
    [
      { ...webhookBody('http://example.com'), slaMinutes: 0 },
      'slaMinutes: SLA minutes must be between 1 and 10080',
    ],
    [
      {
        ...webhookBody('http://example.com'),
        quietHours: { start: '21:00', end: '7:00', timezone: 'America/New_York' },
      },
      'quietHours.end: End must be a time as HH:MM',
    ],
    [
      {
        ...webhookBody('http://example.com'),
        quietHours: { start: '21:00', end: '07:00', timezone: 'Mars/Olympus' },
      },
      'quietHours.timezone: Time zone must be an IANA time zone',
    ],
    [
      { ...webhookBody('not a url'), type: 'email' },
      'target: Target must be email addresses separated by commas',
    ],
  ])('refuses %j with a 400 naming the field', async (body, message) => {
    const answer = await admin.post('/api/alert-channels', body)
    expect(answer.status).toBe(400)
    expect((answer.body as { error: string }).error).toContain(message)
  })

  it('allows plain-http and loopback targets (self-hosted receivers)', async () => {
    const answer = await admin.post('/api/alert-channels', webhookBody('http://localhost:8080/hook'))
    expect(answer.status).toBe(201)
  })

  it('is refused to an operator (403) and unknown ids are 404', async () => {
    const operator = await signInScopedOperator(server.url, admin, {
      username: 'alerts-operator',
      clientIds: [],
    })
    expect((await operator.post('/api/alert-channels', webhookBody(hooks.url))).status).toBe(403)
    expect((await operator.get('/api/alert-channels')).status).toBe(403)
    expect(
      (await admin.request('PUT', '/api/alert-channels/no-such-channel', { json: { name: 'x' } })).status,
    ).toBe(404)
    expect((await admin.request('DELETE', '/api/alert-channels/no-such-channel')).status).toBe(404)
    expect((await admin.post('/api/alert-channels/no-such-channel/test', {})).status).toBe(404)
  })

  it("is a manager's to manage, though the default manager has no canManageSettings", async () => {
    const password = 'manager-pass-1'
    const created = await admin.post('/api/users', { username: 'alerts-manager', password, role: 'manager' })
    expect(created.status).toBe(201)
    const manager = new SessionClient(server.url)
    await manager.login('alerts-manager', password)
    const made = await manager.post('/api/alert-channels', webhookBody(hooks.url))
    expect(made.status).toBe(201)
    const channel = made.body as CreatedAlertChannel
    expect((await manager.get('/api/alert-channels')).status).toBe(200)
    expect(
      (await manager.request('PUT', `/api/alert-channels/${channel.id}`, { json: { name: 'Night shift' } }))
        .status,
    ).toBe(200)
    expect((await manager.post(`/api/alert-channels/${channel.id}/test`, {})).status).toBe(200)
    expect((await manager.request('DELETE', `/api/alert-channels/${channel.id}`)).status).toBe(200)
    // Settings themselves stay the admin's.
    expect((await manager.get('/api/settings')).status).toBe(403)
  })

  it('deletes a channel', async () => {
    const channel = (await admin.post('/api/alert-channels', webhookBody(hooks.url))).body as AlertChannel
    expect((await admin.request('DELETE', `/api/alert-channels/${channel.id}`)).status).toBe(200)
    const listed = (await admin.get('/api/alert-channels')).body as AlertChannel[]
    expect(listed.some((each) => each.id === channel.id)).toBe(false)
  })

  it('never logs a signing secret, a target path or the SMTP password', async () => {
    const created = (await admin.post('/api/alert-channels', webhookBody(`${hooks.url}/log-secret-path`)))
      .body as CreatedAlertChannel
    hooks.failNext(1, 500)
    await admin.post(`/api/alert-channels/${created.id}/test`, {})
    const logged = logLines.join('')
    expect(logged.length).toBeGreaterThan(0)
    expect(logged).not.toContain(created.secret ?? 'whsec_')
    expect(logged).not.toContain('whsec_')
    expect(logged).not.toContain('log-secret-path')
    expect(logged).not.toContain('catcher-password')
    const audit = await admin.get('/api/audit')
    expect(audit.text).toContain('alert_channel.create')
    expect(audit.text).not.toContain('whsec_')
    expect(audit.text).not.toContain('log-secret-path')
  })
})
