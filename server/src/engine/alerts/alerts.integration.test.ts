import type { AlertType, CreatedAlertChannel } from '@common/alerts.ts'
import { QUEUES } from '@common/queues.ts'
import { asc, eq, gt } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWebhookCatcher, type WebhookCatcher } from '../../../../sim/catchers/webhook-catcher.ts'
import { yelpTime } from '../../../../sim/yelp/yelp-time.ts'
import { alerts } from '../../db/schema.ts'
import { ACME, type ConnectedWorld, startConnectedWorld } from '../../testing/connected-world.ts'
import { signInScopedOperator } from '../../testing/scoped-user.ts'
import { dropConnectionFacts } from '../../testing/stored-connections.ts'
import { waitFor } from '../../testing/wait-for.ts'

// docs/spec/product.md §9.3: each event fires once for its own cause and not for another's,
// delivered once per channel, retried through a failing receiver with the same webhook-id, folded
// by the 30-minute dedupe and held by quiet hours. Over real HTTP: both simulators and a receiver.

let world: ConnectedWorld
let hooks: WebhookCatcher
let channel: CreatedAlertChannel
const ALL_EVENTS: AlertType[] = [
  'lead.new',
  'lead.message',
  'lead.phone_shared',
  'lead.unanswered',
  'lead.status_changed',
  'reply.sent',
  'connection.needs_reauth',
  'job.dead',
  'webhooks.silent',
  'ghl.daily_cap',
]

beforeAll(async () => {
  hooks = await startWebhookCatcher()
  world = await startConnectedWorld({
    core: { alerts: { retryBaseMs: 100, retryMaxMs: 400, claimMs: 5_000 } },
  })
  const created = await world.admin.post('/api/alert-channels', {
    name: 'Everything',
    type: 'webhook',
    target: hooks.url,
    events: ALL_EVENTS,
    slaMinutes: 1,
  })
  expect(created.status).toBe(201)
  channel = created.body as CreatedAlertChannel
})
afterAll(async () => {
  await world?.close()
  await hooks?.close()
})

async function rowsAfter(lastId: number) {
  return world.db.select().from(alerts).where(gt(alerts.id, lastId)).orderBy(asc(alerts.id))
}

async function lastAlertId(): Promise<number> {
  const rows = await world.db.select({ id: alerts.id }).from(alerts)
  return Math.max(0, ...rows.map((row) => row.id))
}

/** Runs `cause`, waits until an alert of `type` is sent, and answers every row the cause added. */
async function alertsOf(type: AlertType, cause: () => Promise<unknown>) {
  const since = await lastAlertId()
  await cause()
  await waitFor(`a sent ${type} alert`, async () =>
    (await rowsAfter(since)).some((row) => row.type === type && row.state === 'sent'),
  )
  // Settle: a wrong extra event would be raised by the same sync, before or with this one.
  await waitFor('no pending alert', async () =>
    (await rowsAfter(since)).every((row) => row.state !== 'pending'),
  )
  return rowsAfter(since)
}

function deliveriesOf(row: { deliveryId: string }) {
  return hooks.requests().filter((request) => request.headers['webhook-id'] === row.deliveryId)
}

function verified(row: { deliveryId: string }) {
  const [delivery] = deliveriesOf(row).filter((request) => request.status === 200)
  if (!delivery || !channel.secret) throw new Error('no delivery')
  return new Webhook(channel.secret).verify(delivery.body, delivery.headers) as Record<string, unknown>
}

describe('alert events', () => {
  it('lead.new: a new lead, once, with the client, the lead, its inbox link and its Leads Center link', async () => {
    const rows = await alertsOf('lead.new', async () => {
      const eventId = world.sims.newLead('alert-lead-1', { consumerName: 'Dana Q.' })
      await world.sims.postWebhook([{ leadId: 'alert-lead-1', eventId }])
    })
    expect(rows.map((row) => row.type)).toEqual(['lead.new'])
    const [row] = rows
    if (!row) throw new Error('no row')
    expect(row).toMatchObject({ clientId: ACME.clientId, leadId: 'alert-lead-1', attempts: 1 })
    expect(deliveriesOf(row)).toHaveLength(1)
    const body = verified(row)
    expect(body).toMatchObject({
      type: 'lead.new',
      clientId: ACME.clientId,
      clientName: 'Acme Roofing',
      leadId: 'alert-lead-1',
      leadUrl: `${world.config.baseUrl}/inbox?clientId=acme&leadId=alert-lead-1`,
    })
    // One line: the first message's words, its line breaks folded.
    expect(body.summary).toMatch(
      /^New Yelp lead for Acme Roofing from Dana Q\.: "[^\n]*Hello from alert-lead-1"$/,
    )
    expect(body.data).toMatchObject({
      yelpUrl: `https://biz.yelp.com/leads_center/${ACME.business}/leads/alert-lead-1`,
      jobType: 'Roof inspection',
    })
  })

  it('lead.message: each later consumer message once, a second within 30 minutes too (no dedupe: §9.7)', async () => {
    const first = await alertsOf('lead.message', async () => {
      world.sims.consumerMessage('alert-lead-1', 'Are you free Tuesday?')
    })
    expect(first.map((row) => [row.type, row.state])).toEqual([['lead.message', 'sent']])
    const second = await alertsOf('lead.message', async () => {
      world.sims.consumerMessage('alert-lead-1', 'Or Wednesday?')
    })
    expect(second.map((row) => [row.type, row.state, row.reason])).toEqual([['lead.message', 'sent', null]])
    expect(deliveriesOf(second[0] ?? { deliveryId: '' })).toHaveLength(1)
  })

  it('lead.phone_shared: the consumer shares a phone number, once', async () => {
    const rows = await alertsOf('lead.phone_shared', async () => {
      world.yelp.phoneOptIn('alert-lead-1', '+14155550123')
    })
    expect(rows.map((row) => row.type)).toEqual(['lead.phone_shared'])
  })

  it('lead.status_changed: an operator moves the lead, once', async () => {
    const rows = await alertsOf('lead.status_changed', () =>
      world.admin.request('PATCH', '/api/leads/alert-lead-1/status', { json: { status: 'contacted' } }),
    )
    expect(rows.map((row) => row.type)).toEqual(['lead.status_changed'])
    expect(verified(rows[0] ?? { deliveryId: '' }).data).toMatchObject({
      previous: 'new',
      status: 'contacted',
      by: 'admin',
    })
  })

  it('reply.sent: an inbox reply delivered to Yelp, once (and not lead.message for its echo)', async () => {
    const rows = await alertsOf('reply.sent', () =>
      world.admin.post('/api/leads/alert-lead-1/reply', { text: 'Tuesday at 10 works.' }),
    )
    expect(rows.map((row) => row.type)).toEqual(['reply.sent'])
    expect(verified(rows[0] ?? { deliveryId: '' }).data).toMatchObject({ source: 'inbox' })
  })

  it('connection.needs_reauth: once when a connection turns, not again while it stays so', async () => {
    const tokens = world.server.server.core.tokens
    const rows = await alertsOf('connection.needs_reauth', async () => {
      await tokens.markNeedsReauth('ghl', ACME.clientId, 'GHL refused the refresh token')
      await tokens.markNeedsReauth('ghl', ACME.clientId, 'GHL refused the refresh token')
    })
    expect(rows.map((row) => row.type)).toEqual(['connection.needs_reauth'])
    // In our words: the provider's reason stays in the hub.
    const body = verified(rows[0] ?? { deliveryId: '' })
    expect(body.summary).toBe('The GoHighLevel connection of Acme Roofing needs to be authorized again')
    expect(JSON.stringify(body)).not.toContain('GHL refused the refresh token')
    await dropConnectionFacts(world.db, 'ghl', 'acme', ['needsReauth', 'reauthReason'])
  })
})

describe('alert delivery', () => {
  it('a receiver failing twice still gets exactly one delivery, retried with the same webhook-id', async () => {
    hooks.failNext(2, 503)
    const rows = await alertsOf('lead.new', async () => {
      const eventId = world.sims.newLead('alert-lead-retry')
      await world.sims.postWebhook([{ leadId: 'alert-lead-retry', eventId }])
    })
    const [row] = rows
    if (!row) throw new Error('no row')
    expect(row).toMatchObject({ state: 'sent', attempts: 3, reason: null })
    const attempts = deliveriesOf(row)
    expect(attempts.map((request) => request.status)).toEqual([503, 503, 200])
    expect(new Set(attempts.map((request) => request.body)).size).toBe(1)
  })

  it('quiet hours suppress lead events with that reason, and nothing is sent', async () => {
    const now = new Date()
    const hhmm = (offsetMinutes: number) =>
      new Date(now.getTime() + offsetMinutes * 60_000).toISOString().slice(11, 16)
    const quiet = (
      await world.admin.post('/api/alert-channels', {
        name: 'Night',
        type: 'webhook',
        target: hooks.url,
        events: ['lead.new'],
        quietHours: { start: hhmm(-60), end: hhmm(60), timezone: 'UTC' },
      })
    ).body as CreatedAlertChannel
    const rows = await alertsOf('lead.new', async () => {
      const eventId = world.sims.newLead('alert-lead-quiet')
      await world.sims.postWebhook([{ leadId: 'alert-lead-quiet', eventId }])
    })
    const held = rows.filter((row) => row.channelId === quiet.id)
    expect(held.map((row) => [row.type, row.state, row.reason])).toEqual([
      ['lead.new', 'suppressed', 'quiet hours'],
    ])
    expect(deliveriesOf(held[0] ?? { deliveryId: '' })).toHaveLength(0)
    await world.admin.request('DELETE', `/api/alert-channels/${quiet.id}`)
  })

  it('lead.unanswered: a lead waiting past the channel SLA, once per wait', async () => {
    const conditions = async () => {
      expect(await world.server.server.boss.send(QUEUES.alertConditions, {})).toBeTruthy()
    }
    const rows = await alertsOf('lead.unanswered', async () => {
      const eventId = world.sims.newLead('alert-lead-waiting', { createdAt: yelpTime(Date.now() - 90_000) })
      await world.sims.postWebhook([{ leadId: 'alert-lead-waiting', eventId }])
      await waitFor('the waiting lead stored', async () => {
        const stored = await world.admin.get('/api/leads/alert-lead-waiting')
        return stored.status === 200
      })
      await conditions()
    })
    expect(
      rows
        .filter((row) => row.leadId === 'alert-lead-waiting')
        .map((row) => row.type)
        .sort(),
    ).toEqual(['lead.new', 'lead.unanswered'])
    const since = await lastAlertId()
    await conditions()
    await waitFor('the conditions job done', async () => {
      const result = await world.server.server.database.execute(
        `select count(*)::int as n from pgboss.job where name = '${QUEUES.alertConditions}' and state in ('created', 'retry', 'active')`,
      )
      return Number(result.rows[0]?.n) === 0
    })
    expect(await rowsAfter(since)).toEqual([])
  })

  it('job.dead: a job that failed for good, once', async () => {
    const { boss } = world.server.server
    const rows = await alertsOf('job.dead', async () => {
      // Yelp answers 404 for a lead it does not have: a permanent refusal, dead at once.
      await boss.send(QUEUES.markRead, {
        clientId: ACME.clientId,
        leadId: 'no-such-lead',
        eventId: 'no-such-event',
        readAt: new Date().toISOString(),
      })
      world.server.server.engine?.wake(QUEUES.markRead)
      await waitFor('the job dead', async () => {
        const result = await world.server.server.database.execute(
          `select count(*)::int as n from pgboss.job where name = '${QUEUES.markRead}' and state = 'failed' and data->>'leadId' = 'no-such-lead'`,
        )
        return Number(result.rows[0]?.n) === 1
      })
      await boss.send(QUEUES.alertConditions, {})
    })
    expect(rows.map((row) => row.type)).toEqual(['job.dead'])
    expect(verified(rows[0] ?? { deliveryId: '' }).data).toMatchObject({ queue: QUEUES.markRead })
  })

  it('GET /api/alerts pages newest first, filters, refuses a bad filter and is scoped by client', async () => {
    const history = await world.admin.get(`/api/alerts?channelId=${channel.id}&type=lead.new&limit=1`)
    expect(history.status).toBe(200)
    expect(Number(history.headers.get('x-total-count'))).toBeGreaterThanOrEqual(3)
    expect(history.headers.get('x-next-cursor')).toBeTruthy()
    const [newest] = history.body as Array<Record<string, unknown>>
    expect(newest).toMatchObject({
      type: 'lead.new',
      channelId: channel.id,
      state: 'sent',
      leadId: 'alert-lead-waiting',
    })
    // The event it carries (the webhook body's id): the history groups one event's deliveries by it.
    expect(newest?.eventId).toMatch(/^evt_[0-9a-f]{32}$/)
    expect(Object.keys(newest ?? {}).sort()).toEqual(
      [
        'attempts',
        'channelId',
        'clientId',
        'createdAt',
        'eventId',
        'id',
        'leadId',
        'reason',
        'sentAt',
        'state',
        'summary',
        'type',
      ].sort(),
    )
    const next = await world.admin.get(
      `/api/alerts?channelId=${channel.id}&type=lead.new&limit=1&cursor=${history.headers.get('x-next-cursor')}`,
    )
    expect((next.body as Array<{ leadId: string }>)[0]?.leadId).toBe('alert-lead-quiet')
    expect((await world.admin.get('/api/alerts?state=lost')).status).toBe(400)
    // Scoped like the other lists: an operator of another client sees none of acme's alerts.
    await world.admin.post('/api/clients', { clientId: 'other-client', name: 'Other Client' })
    const operator = await signInScopedOperator(world.server.url, world.admin, {
      username: 'alerts-scoped-operator',
      clientIds: ['other-client'],
    })
    const scoped = await operator.get('/api/alerts')
    expect(scoped.status).toBe(200)
    expect(scoped.body).toEqual([])
    expect(scoped.headers.get('x-total-count')).toBe('0')
    const rows = await world.db.select().from(alerts).where(eq(alerts.channelId, channel.id))
    expect(rows.every((row) => row.state !== 'pending')).toBe(true)
  })
})
