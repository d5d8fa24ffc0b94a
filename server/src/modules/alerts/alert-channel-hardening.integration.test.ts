import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { AlertChannel, CreatedAlertChannel } from '@common/alerts.ts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWebhookCatcher, type WebhookCatcher } from '../../../../sim/catchers/webhook-catcher.ts'
import { alertChannels } from '../../db/schema.ts'
import { SecretBox } from '../../lib/secret-box.ts'
import { signInScopedOperator } from '../../testing/scoped-user.ts'
import { SessionClient } from '../../testing/session-client.ts'
import { startTestServer, type TestServer } from '../../testing/test-server.ts'
import { sealStoredAlertTargets } from './alert-channel-sealing.ts'

// docs/spec/product.md §9.7 "Alert channels": what a channel may point at (never link-local or
// metadata addresses, ALERT_TARGET_ALLOW when set), what a failed test says (a status or a kind
// of failure, never the receiver's body), PUT taking the channel as GET shows it, scoped roles
// reaching only their clients' channels, and targets sealed at rest. No test here sends traffic
// anywhere but loopback: the refusals happen before any connection.

let server: TestServer
let restricted: TestServer
let admin: SessionClient
let hooks: WebhookCatcher
let noisy: Server
let noisyUrl: string

const webhookBody = (target: string, extra: Record<string, unknown> = {}) => ({
  name: 'Ops receiver',
  type: 'webhook',
  target,
  events: ['lead.new', 'job.dead'],
  ...extra,
})

beforeAll(async () => {
  hooks = await startWebhookCatcher()
  // A receiver that fails with a body of its own: the body must never come back to the caller.
  noisy = createServer((_request, response) => {
    response.writeHead(500, { 'content-type': 'text/plain' })
    response.end('internal-receiver-secret: stack trace at /srv/app')
  })
  await new Promise<void>((resolve) => noisy.listen(0, '127.0.0.1', resolve))
  noisyUrl = `http://127.0.0.1:${(noisy.address() as AddressInfo).port}/hook`
  server = await startTestServer()
  restricted = await startTestServer({
    env: {
      ALERT_TARGET_ALLOW: '127.0.0.1, hooks.slack.com',
      // Plain SMTP to a host that is not this machine: never used, refused before connecting.
      SMTP_URL: 'smtp://leadrelay:mail-password@mail.agency.example:587',
    },
  })
  admin = new SessionClient(server.url)
  await admin.login(server.adminUsername, server.adminPassword)
  for (const [clientId, name] of [
    ['own', 'Own Plumbing'],
    ['other', 'Other Roofing'],
  ]) {
    expect((await admin.post('/api/clients', { clientId, name })).status).toBe(201)
  }
})
afterAll(async () => {
  await server?.close()
  await restricted?.close()
  await hooks?.close()
  await new Promise((resolve) => noisy?.close(resolve))
})

async function signedInAdmin(target: TestServer): Promise<SessionClient> {
  const client = new SessionClient(target.url)
  await client.login(target.adminUsername, target.adminPassword)
  return client
}

describe('alert targets', () => {
  it.each([
    ['http://169.254.169.254/latest/meta-data/'],
    ['http://metadata.google.internal/computeMetadata/v1/'],
    ['http://METADATA.google.internal./x'],
    ['http://[fe80::1]/hook'],
    ['http://[::ffff:169.254.169.254]/hook'],
    ['http://2852039166/hook'],
  ])('refuses %s as a target with a 400 naming target, and saves nothing', async (target) => {
    const before = ((await admin.get('/api/alert-channels')).body as AlertChannel[]).length
    for (const type of ['webhook', 'slack']) {
      const answer = await admin.post('/api/alert-channels', webhookBody(target, { type }))
      expect(answer.status).toBe(400)
      expect((answer.body as { error: string }).error).toMatch(/^target: /)
    }
    expect(((await admin.get('/api/alert-channels')).body as AlertChannel[]).length).toBe(before)
  })

  it('refuses a metadata target on update too, keeping the stored one', async () => {
    const channel = (await admin.post('/api/alert-channels', webhookBody(hooks.url))).body as AlertChannel
    const answer = await admin.request('PUT', `/api/alert-channels/${channel.id}`, {
      json: { target: 'http://169.254.169.254/' },
    })
    expect(answer.status).toBe(400)
    expect((answer.body as { error: string }).error).toMatch(/^target: /)
    const before = hooks.requests().length
    expect((await admin.post(`/api/alert-channels/${channel.id}/test`, {})).status).toBe(200)
    expect(hooks.requests().length).toBe(before + 1)
  })

  it("reports a receiver's 500 by its status, never by its body", async () => {
    const channel = (await admin.post('/api/alert-channels', webhookBody(noisyUrl))).body as AlertChannel
    const answer = await admin.post(`/api/alert-channels/${channel.id}/test`, {})
    expect(answer.status).toBe(502)
    expect((answer.body as { error: string }).error).toBe('The webhook receiver answered 500')
    expect(answer.text).not.toContain('internal-receiver-secret')
    expect(answer.text).not.toContain('/srv/app')
  })

  it('reports an unreachable receiver by the kind of failure', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const channel = (
      await admin.post('/api/alert-channels', webhookBody(`http://127.0.0.1:${port}/x`, { type: 'slack' }))
    ).body as AlertChannel
    const answer = await admin.post(`/api/alert-channels/${channel.id}/test`, {})
    expect(answer.status).toBe(502)
    expect((answer.body as { error: string }).error).toMatch(
      /^Slack could not be reached: connection refused/,
    )
  })

  it('rate-limits test sends per user: the 11th in a minute is a 429 that says so', async () => {
    const password = 'tester-pass-1'
    expect(
      (await admin.post('/api/users', { username: 'alert-tester', password, role: 'manager' })).status,
    ).toBe(201)
    const tester = new SessionClient(server.url)
    await tester.login('alert-tester', password)
    const channel = (await tester.post('/api/alert-channels', webhookBody(hooks.url))).body as AlertChannel
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) {
      statuses.push((await tester.post(`/api/alert-channels/${channel.id}/test`, {})).status)
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200))
    const refused = await tester.post(`/api/alert-channels/${channel.id}/test`, {})
    expect(refused.status).toBe(429)
    expect((refused.body as { error: string }).error).toMatch(/test/i)
    // Another user's tests are not held up by this one's.
    expect((await admin.post(`/api/alert-channels/${channel.id}/test`, {})).status).toBe(200)
  })
})

describe('ALERT_TARGET_ALLOW', () => {
  it('limits targets to the listed hosts and CIDRs', async () => {
    const restrictedAdmin = await signedInAdmin(restricted)
    const allowed = await restrictedAdmin.post('/api/alert-channels', webhookBody(hooks.url))
    expect(allowed.status).toBe(201)
    expect(
      (
        await restrictedAdmin.post(
          '/api/alert-channels',
          webhookBody('https://hooks.slack.com/services/T/B/X', { type: 'slack' }),
        )
      ).status,
    ).toBe(201)
    for (const target of ['http://127.0.0.2:9/x', 'http://[::1]:9/x', 'http://10.1.2.3/x']) {
      const refused = await restrictedAdmin.post('/api/alert-channels', webhookBody(target))
      expect(refused.status).toBe(400)
      expect((refused.body as { error: string }).error).toMatch(/^target: .*ALERT_TARGET_ALLOW/)
    }
    const channel = allowed.body as AlertChannel
    expect((await restrictedAdmin.post(`/api/alert-channels/${channel.id}/test`, {})).status).toBe(200)
  })

  it('refuses an email channel when SMTP_URL is plain SMTP to another host', async () => {
    const restrictedAdmin = await signedInAdmin(restricted)
    const answer = await restrictedAdmin.post('/api/alert-channels', {
      name: 'Owner',
      type: 'email',
      target: 'ops@agency.test',
      events: ['job.dead'],
    })
    expect(answer.status).toBe(400)
    expect((answer.body as { error: string }).error).toContain('SMTP_URL')
    expect(answer.text).not.toContain('mail-password')
  })
})

describe('PUT takes the channel as GET shows it', () => {
  it('accepts the GET body (type and masked target included) and keeps the stored target', async () => {
    const created = (await admin.post('/api/alert-channels', webhookBody(`${hooks.url}/keep-this-path`)))
      .body as CreatedAlertChannel
    const shown = ((await admin.get('/api/alert-channels')).body as AlertChannel[]).find(
      (each) => each.id === created.id,
    ) as AlertChannel
    const answer = await admin.request('PUT', `/api/alert-channels/${created.id}`, {
      json: { ...shown, name: 'Renamed from GET' },
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ ...shown, name: 'Renamed from GET' })
    const again = await admin.request('PUT', `/api/alert-channels/${created.id}`, {
      json: { target: `${shown.target}/` },
    })
    expect(again.status).toBe(200)
    const before = hooks.requests().length
    expect((await admin.post(`/api/alert-channels/${created.id}/test`, {})).status).toBe(200)
    expect(hooks.requests()[before]?.path).toBe(`${new URL(hooks.url).pathname}/keep-this-path`)
  })

  it('refuses another type with a 400 naming type, changing nothing', async () => {
    const created = (await admin.post('/api/alert-channels', webhookBody(hooks.url))).body as AlertChannel
    const answer = await admin.request('PUT', `/api/alert-channels/${created.id}`, {
      json: { type: 'slack', name: 'Changed' },
    })
    expect(answer.status).toBe(400)
    expect((answer.body as { error: string }).error).toMatch(/^type: /)
    const listed = ((await admin.get('/api/alert-channels')).body as AlertChannel[]).find(
      (each) => each.id === created.id,
    )
    expect(listed).toMatchObject({ type: 'webhook', name: 'Ops receiver' })
  })
})

describe('a scoped role with canManageSettings', () => {
  it('sees and edits only channels within its clients, and makes none outside them', async () => {
    const scoped = await signInScopedOperator(server.url, admin, {
      username: 'scoped-alerts',
      clientIds: ['own'],
      grant: ['canManageSettings'],
    })
    const everyClient = (await admin.post('/api/alert-channels', webhookBody(hooks.url))).body as AlertChannel
    const otherOnly = (
      await admin.post('/api/alert-channels', webhookBody(hooks.url, { clientIds: ['other'] }))
    ).body as AlertChannel
    const mixed = (
      await admin.post('/api/alert-channels', webhookBody(hooks.url, { clientIds: ['own', 'other'] }))
    ).body as AlertChannel
    const ownOnly = (await admin.post('/api/alert-channels', webhookBody(hooks.url, { clientIds: ['own'] })))
      .body as AlertChannel

    const listed = (await scoped.get('/api/alert-channels')).body as AlertChannel[]
    expect(listed.map((each) => each.id)).toEqual([ownOnly.id])

    for (const hidden of [everyClient, otherOnly, mixed]) {
      expect(
        (await scoped.request('PUT', `/api/alert-channels/${hidden.id}`, { json: { name: 'Mine now' } }))
          .status,
      ).toBe(404)
      expect((await scoped.post(`/api/alert-channels/${hidden.id}/test`, {})).status).toBe(404)
      expect((await scoped.request('DELETE', `/api/alert-channels/${hidden.id}`)).status).toBe(404)
    }
    for (const clientIds of [['other'], ['own', 'other']]) {
      const refused = await scoped.post('/api/alert-channels', webhookBody(hooks.url, { clientIds }))
      expect([400, 403]).toContain(refused.status)
      expect((refused.body as { error: string }).error).toMatch(/^clientIds: /)
    }
    const allClients = await scoped.post('/api/alert-channels', webhookBody(hooks.url))
    expect([400, 403]).toContain(allClients.status)
    expect((allClients.body as { error: string }).error).toMatch(/^clientIds: /)
    const widened = await scoped.request('PUT', `/api/alert-channels/${ownOnly.id}`, {
      json: { clientIds: ['own', 'other'] },
    })
    expect([400, 403]).toContain(widened.status)
    expect((widened.body as { error: string }).error).toMatch(/^clientIds: /)

    const made = await scoped.post('/api/alert-channels', webhookBody(hooks.url, { clientIds: ['own'] }))
    expect(made.status).toBe(201)
    expect(
      (await scoped.request('PUT', `/api/alert-channels/${ownOnly.id}`, { json: { name: 'Own night' } }))
        .status,
    ).toBe(200)
    const names = ((await admin.get('/api/alert-channels')).body as AlertChannel[]).map((each) => each.name)
    expect(names).not.toContain('Mine now')
    expect(names).toContain('Own night')
  })
})

describe('targets at rest', () => {
  it('keeps slack and webhook targets sealed in the database', async () => {
    const webhook = (await admin.post('/api/alert-channels', webhookBody(`${hooks.url}/sealed-path-1`)))
      .body as AlertChannel
    const slack = (
      await admin.post(
        '/api/alert-channels',
        webhookBody(`${hooks.url}/sealed-path-2`, { type: 'slack', name: 'Slack' }),
      )
    ).body as AlertChannel
    const db = server.server.database.db
    for (const channel of [webhook, slack]) {
      const [row] = await db.select().from(alertChannels).where(eq(alertChannels.id, channel.id))
      expect(row?.target).toBeDefined()
      expect(row?.target).not.toContain('sealed-path')
      expect(row?.target).not.toContain('127.0.0.1')
    }
    const before = hooks.requests().length
    expect((await admin.post(`/api/alert-channels/${slack.id}/test`, {})).status).toBe(200)
    expect(hooks.requests()[before]?.path).toBe(`${new URL(hooks.url).pathname}/sealed-path-2`)
  })
})

describe('targets stored before sealing, and key rotation', () => {
  it('seals a plaintext target at start, and re-seals with the newest APP_SECRET', async () => {
    const db = server.server.database.db
    const oldSecrets = server.server.config.appSecrets
    await db.insert(alertChannels).values({
      id: 'legacy-plain',
      name: 'Legacy',
      type: 'slack',
      target: `${hooks.url}/legacy-plain-path`,
      events: ['job.dead'],
      clientIds: [],
    })
    expect(await sealStoredAlertTargets(db, new SecretBox(oldSecrets))).toMatchObject({ sealed: 1 })
    const [sealed] = await db.select().from(alertChannels).where(eq(alertChannels.id, 'legacy-plain'))
    expect(sealed?.target).not.toContain('legacy-plain-path')
    const shown = ((await admin.get('/api/alert-channels')).body as AlertChannel[]).find(
      (each) => each.id === 'legacy-plain',
    )
    expect(shown?.target).toBe(new URL(hooks.url).origin)

    const rotated = new SecretBox(['a-brand-new-app-secret-of-32-chars-or-more', ...oldSecrets])
    expect(await sealStoredAlertTargets(db, rotated)).toMatchObject({ resealed: expect.any(Number) })
    const [resealed] = await db.select().from(alertChannels).where(eq(alertChannels.id, 'legacy-plain'))
    const newOnly = new SecretBox('a-brand-new-app-secret-of-32-chars-or-more')
    expect(newOnly.open(resealed?.target ?? '')).toBe(`${hooks.url}/legacy-plain-path`)
    // Every other channel's sealed target and signing secret moved to the new key too.
    for (const row of await db.select().from(alertChannels)) {
      if (row.type !== 'email') expect(() => newOnly.open(row.target)).not.toThrow()
      if (row.secret) expect(() => newOnly.open(row.secret ?? '')).not.toThrow()
    }
  })
})
