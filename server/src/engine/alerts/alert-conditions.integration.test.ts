import type { AlertType, CreatedAlertChannel } from '@common/alerts.ts'
import { QUEUES } from '@common/queues.ts'
import { systemHealthSchema } from '@common/stats.ts'
import { asc, gt } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWebhookCatcher, type WebhookCatcher } from '../../../../sim/catchers/webhook-catcher.ts'
import { alerts } from '../../db/schema.ts'
import { ACME, type ConnectedWorld, startConnectedWorld } from '../../testing/connected-world.ts'
import { waitFor } from '../../testing/wait-for.ts'

// docs/spec/product.md §9.3: the condition events raised where their facts arise — the reconcile
// (webhooks.silent), the daily subscription check (webhooks.silent), GHL's daily cap
// (ghl.daily_cap) — each once for its cause, and none of them for a lead's ordinary webhook.

let world: ConnectedWorld
let hooks: WebhookCatcher

beforeAll(async () => {
  hooks = await startWebhookCatcher()
  world = await startConnectedWorld({
    core: { alerts: { retryBaseMs: 100, retryMaxMs: 400, claimMs: 5_000 } },
  })
  const created = await world.admin.post('/api/alert-channels', {
    name: 'Conditions',
    type: 'webhook',
    target: hooks.url,
    events: ['lead.new', 'webhooks.silent', 'ghl.daily_cap', 'job.dead', 'connection.needs_reauth'],
  })
  expect((created.body as CreatedAlertChannel).secret).toBeTruthy()
})
afterAll(async () => {
  await world?.close()
  await hooks?.close()
})

async function lastAlertId(): Promise<number> {
  const rows = await world.db.select({ id: alerts.id }).from(alerts)
  return Math.max(0, ...rows.map((row) => row.id))
}

/** The alert types raised since `since`, of one lead when `leadId` is given. */
async function typesAfter(since: number, leadId?: string): Promise<string[]> {
  const rows = await world.db.select().from(alerts).where(gt(alerts.id, since)).orderBy(asc(alerts.id))
  return rows
    .filter((row) => !leadId || row.leadId === leadId)
    .map((row) => row.type)
    .sort()
}

async function sentAfter(since: number, type: AlertType): Promise<boolean> {
  const rows = await world.db.select().from(alerts).where(gt(alerts.id, since))
  return rows.some((row) => row.type === type && row.state === 'sent')
}

async function missedWebhooksCheck() {
  const health = systemHealthSchema.parse(await world.admin.call('health', 'GET', '/api/system-health'))
  return health.checks.find((check) => check.key === 'missedWebhooks')
}

async function queuesIdle(): Promise<boolean> {
  const result = await world.server.server.database.execute(
    `select count(*)::int as n from pgboss.job where name not like '__pgboss%' and state in ('created', 'retry', 'active') and start_after < now() + interval '5 seconds'`,
  )
  return Number(result.rows[0]?.n) === 0
}

describe('condition alerts', () => {
  it('a lead announced by its webhook raises lead.new only', async () => {
    const since = await lastAlertId()
    const eventId = world.sims.newLead('cond-lead-webhook')
    await world.sims.postWebhook([{ leadId: 'cond-lead-webhook', eventId }])
    await waitFor('lead.new sent', () => sentAfter(since, 'lead.new'))
    await waitFor('the queues idle', queuesIdle)
    expect(await typesAfter(since)).toEqual(['lead.new'])
    expect(await missedWebhooksCheck()).toMatchObject({ state: 'ok' })
  })

  it('webhooks.silent: the reconcile fetched a lead no webhook announced, once (with its lead.new)', async () => {
    const since = await lastAlertId()
    world.sims.newLead('cond-lead-lost', { notify: false })
    const { boss, engine } = world.server.server
    await boss.send(QUEUES.reconcile, {})
    engine?.wake(QUEUES.reconcile)
    await waitFor('webhooks.silent sent', () => sentAfter(since, 'webhooks.silent'), 30_000)
    await waitFor('the queues idle', queuesIdle, 30_000)
    expect(await typesAfter(since, 'cond-lead-lost')).toEqual(['lead.new', 'webhooks.silent'])
    // The simulator's sample leads were never imported: the reconcile finds them too. Those more
    // than a day old are history, not news: no lead.new.
    expect(await typesAfter(since, 'lead-gutter-cleaning')).toEqual(['webhooks.silent'])
    expect(await typesAfter(since, 'lead-skylight')).toEqual(['webhooks.silent'])
    // System Health says so too (the header turns 'System Degraded'), channel or not.
    const check = await missedWebhooksCheck()
    expect(check?.state).toBe('warning')
    expect(check?.detail).toContain('Found only by the reconcile: Acme Roofing (')
    // A second reconcile finds nothing new: nothing more.
    const again = await lastAlertId()
    await boss.send(QUEUES.reconcile, {})
    engine?.wake(QUEUES.reconcile)
    await waitFor('the queues idle', queuesIdle, 30_000)
    expect(await typesAfter(again)).toEqual([])
  })

  it('webhooks.silent: the daily check finds the subscription missing at Yelp, once that day', async () => {
    const since = await lastAlertId()
    const lapsed = await fetch(
      `${world.yelp.url}/__sim/yelp/businesses/${ACME.business}/lapse-subscription`,
      {
        method: 'POST',
      },
    )
    expect(lapsed.status).toBeLessThan(300)
    const first = await world.server.server.engine?.subscriptionSync.run()
    expect(first).toMatchObject({ restoring: [ACME.clientId] })
    await world.server.server.engine?.subscriptionSync.run()
    await waitFor('webhooks.silent sent', () => sentAfter(since, 'webhooks.silent'))
    expect(await typesAfter(since)).toEqual(['webhooks.silent'])
    world.yelp.clock.advance(60_000)
  })

  it('ghl.daily_cap: a sync meets the spent daily cap, once', async () => {
    const limits = world.ghl.config.rateLimit
    const dayMs = limits.dayMs
    limits.dayMs = 15_000
    for (const [key, window] of world.ghl.store.rateWindows) {
      if (!key.endsWith(`:${ACME.location}`)) continue
      window.dayStart = world.ghl.server.clock.now()
      window.dayCount = limits.daily
    }
    const since = await lastAlertId()
    for (const id of ['cond-cap-1', 'cond-cap-2']) {
      const eventId = world.sims.newLead(id)
      await world.sims.postWebhook([{ leadId: id, eventId }])
    }
    await waitFor('ghl.daily_cap sent', () => sentAfter(since, 'ghl.daily_cap'), 30_000)
    await waitFor(
      'both leads forwarded after the reset',
      async () => (await world.sims.ghlMessages()).filter((m) => /cond-cap/.test(m.body)).length === 2,
      60_000,
    )
    limits.dayMs = dayMs
    expect(await typesAfter(since)).toEqual(['ghl.daily_cap', 'lead.new', 'lead.new'])
  })
})
