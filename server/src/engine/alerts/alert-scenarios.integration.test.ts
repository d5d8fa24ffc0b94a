import type { AlertType, CreatedAlertChannel } from '@common/alerts.ts'
import type { PlaybookInput } from '@common/playbook.ts'
import { QUEUES } from '@common/queues.ts'
import { and, asc, eq, gt, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type CapturedRequest,
  startWebhookCatcher,
  type WebhookCatcher,
} from '../../../../sim/catchers/webhook-catcher.ts'
import { alerts } from '../../db/schema.ts'
import { requeuePendingAlerts } from '../../modules/backups/restore-alerts.ts'
import { insertAlert } from '../../repositories/alerts.repository.ts'
import { ACME, type ConnectedWorld, startConnectedWorld } from '../../testing/connected-world.ts'
import { dropConnectionFacts } from '../../testing/stored-connections.ts'
import { waitFor } from '../../testing/wait-for.ts'
import { IdleWorkers } from '../queue/idle-workers.ts'
import { PgBossJobQueue } from '../queue/job-queue.ts'
import { composeAlert } from './alert-message.ts'

// docs/spec/product.md §9.3 and §9.7 "Alert channels", as an operator meets them: the SLA check
// reaches every waiting lead however many wait; each consumer message is its own alert; a
// consumer's words cannot ping or plant links in Slack; dead jobs that died together are each
// reported; a pending alert a restore brings back is delivered once; an automated reply says so;
// and no provider's raw error text leaves the hub.

let world: ConnectedWorld
let hooks: WebhookCatcher
let slack: CreatedAlertChannel
let hook: CreatedAlertChannel

beforeAll(async () => {
  hooks = await startWebhookCatcher()
  world = await startConnectedWorld({
    core: { alerts: { retryBaseMs: 100, retryMaxMs: 400, claimMs: 5_000 } },
  })
  const created = async (body: Record<string, unknown>) => {
    const answer = await world.admin.post('/api/alert-channels', body)
    expect(answer.status, answer.text).toBe(201)
    return answer.body as CreatedAlertChannel
  }
  slack = await created({
    name: 'Agency Slack',
    type: 'slack',
    target: `${hooks.url}/slack`,
    events: ['lead.message', 'job.dead', 'connection.needs_reauth'],
  })
  hook = await created({
    name: 'Receiver',
    type: 'webhook',
    target: `${hooks.url}/hook`,
    events: ['lead.message', 'lead.unanswered', 'reply.sent'],
    clientIds: [ACME.clientId],
    slaMinutes: 1,
  })
})
afterAll(async () => {
  await world?.close()
  await hooks?.close()
})

async function lastAlertId(): Promise<number> {
  const [row] = await world.db.select({ id: sql<number>`coalesce(max(${alerts.id}), 0)::int` }).from(alerts)
  return Number(row?.id ?? 0)
}

async function rowsAfter(since: number, channelId: string, type: AlertType) {
  return world.db
    .select()
    .from(alerts)
    .where(and(gt(alerts.id, since), eq(alerts.channelId, channelId), eq(alerts.type, type)))
    .orderBy(asc(alerts.id))
}

function slackTexts(): string[] {
  return hooks
    .requests()
    .filter((request: CapturedRequest) => request.path.endsWith('/slack') && request.status === 200)
    .map((request) => (JSON.parse(request.body) as { text: string }).text)
}

function hookBodies(): Array<Record<string, unknown>> {
  return hooks
    .requests()
    .filter((request) => request.path.endsWith('/hook') && request.status === 200)
    .map((request) => JSON.parse(request.body) as Record<string, unknown>)
}

/** One run of the conditions job on the hub's queue, waited for to its end. */
async function runConditions(): Promise<void> {
  const { boss, database, engine } = world.server.server
  const running = `select count(*)::int as n from pgboss.job where name = '${QUEUES.alertConditions}' and state in ('created', 'retry', 'active')`
  await waitFor('the conditions job queued', async () => {
    const id = await boss.send(QUEUES.alertConditions, {})
    engine?.wake(QUEUES.alertConditions)
    return Boolean(id)
  })
  await waitFor(
    'the conditions job done',
    async () => Number((await database.execute(running)).rows[0]?.n) === 0,
    60_000,
  )
}

describe('alert scenarios', () => {
  it('lead.unanswered reaches the newest waiting lead behind 2,000 older ones already alerted', {
    timeout: 120_000,
  }, async () => {
    // 2,000 leads waiting (and already alerted for this wait), and one that waits newer than all.
    await world.db.execute(sql`
      insert into leads (lead_id, client_id, business_id, time_created, last_event_time, status, waiting_since)
      select 'bulk-wait-' || lpad(n::text, 4, '0'), ${ACME.clientId}, ${ACME.business},
        date_trunc('milliseconds', now()) - interval '100 seconds' + n * interval '1 millisecond',
        date_trunc('milliseconds', now()) - interval '100 seconds' + n * interval '1 millisecond',
        'new',
        date_trunc('milliseconds', now()) - interval '100 seconds' + n * interval '1 millisecond'
      from generate_series(1, 2001) n`)
    await world.db.execute(sql`
      insert into alerts (event_id, event_key, type, channel_id, client_id, lead_id, condition_key,
        state, payload, delivery_id)
      select 'evt_bulk_' || lead_id,
        'lead.unanswered:' || lead_id || ':' || to_char(waiting_since at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'lead.unanswered', ${hook.id}, client_id, lead_id, 'lead.unanswered:' || lead_id,
        'sent', '{}'::jsonb, 'msg_bulk_' || lead_id
      from leads where lead_id like 'bulk-wait-%' and lead_id <> 'bulk-wait-2001'`)
    await runConditions()
    const newest = await waitFor('the newest waiting lead alerted and sent', async () => {
      const [row] = await world.db
        .select()
        .from(alerts)
        .where(and(eq(alerts.channelId, hook.id), eq(alerts.leadId, 'bulk-wait-2001')))
      return row?.state === 'sent' && row
    })
    expect(newest.type).toBe('lead.unanswered')
    const [count] = await world.db
      .execute(sql`select count(*)::int as n from alerts where lead_id like 'bulk-wait-%'`)
      .then((result) => (result as unknown as { rows: Array<{ n: number }> }).rows)
    // Each wait once: the older ones were not alerted again.
    expect(Number(count?.n)).toBe(2001)
    await world.db.execute(sql`update leads set waiting_since = null where lead_id like 'bulk-wait-%'`)
  })

  it('two consumer messages within 30 minutes are two lead.message alerts, and Slack gets the words escaped', {
    timeout: 60_000,
  }, async () => {
    const eventId = world.sims.newLead('scenario-chatty', { consumerName: 'Robin <b> & Co' })
    await world.sims.postWebhook([{ leadId: 'scenario-chatty', eventId }])
    await waitFor(
      'the lead stored',
      async () => (await world.admin.get('/api/leads/scenario-chatty')).status === 200,
    )
    const since = await lastAlertId()
    world.sims.consumerMessage('scenario-chatty', 'Are you free Tuesday?')
    await waitFor('the first lead.message sent', async () =>
      (await rowsAfter(since, slack.id, 'lead.message')).some((row) => row.state === 'sent'),
    )
    const evil = '<!channel> <https://evil.example|click> & @here'
    world.sims.consumerMessage('scenario-chatty', evil)
    const rows = await waitFor('both lead.message alerts sent on both channels', async () => {
      const all = [
        ...(await rowsAfter(since, slack.id, 'lead.message')),
        ...(await rowsAfter(since, hook.id, 'lead.message')),
      ]
      return all.length === 4 && all.every((row) => row.state === 'sent') && all
    })
    expect(rows.map((row) => row.reason)).toEqual([null, null, null, null])
    const texts = slackTexts().filter((text) => text.includes('scenario-chatty'))
    expect(texts).toHaveLength(2)
    const planted = texts.find((text) => text.replaceAll('\u2060', '').includes('evil.example'))
    expect(planted).toBeDefined()
    // The words read as typed (Slack shows its entities as the characters; the joiners are invisible)…
    const shown = (planted ?? '').replaceAll('\u2060', '')
    expect(shown).toContain('&lt;!channel&gt; &lt;https://evil.example|click&gt; &amp; @here')
    expect(shown).toContain('Robin &lt;b&gt; &amp; Co')
    // …but make no mention and no link: no angle bracket, no @here, no URL or domain Slack links.
    expect(planted).not.toMatch(/[<>]/)
    expect(planted).not.toMatch(/@here|https:\/\/evil|evil\.example/)
  })

  it('dead jobs that failed in one statement are each reported, however many', {
    timeout: 120_000,
  }, async () => {
    await runConditions()
    // 501 jobs failed by one statement, at one instant: more than one run's batch.
    await world.db.execute(sql`
      insert into pgboss.job (id, name, data, state, completed_on, output)
      select ('00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid, ${QUEUES.markRead},
        jsonb_build_object('clientId', case when n = 501 then ${ACME.clientId} else 'bulk-dead' end),
        'failed', date_trunc('milliseconds', now()),
        jsonb_build_object('message', 'Yelp answered 404: {"error":{"id":"LEAD_NOT_FOUND","secret":"raw-body-501"}}')
      from generate_series(1, 501) n`)
    await runConditions()
    await runConditions()
    const [counted] = await world.db
      .execute(
        sql`select count(*)::int as n from alerts where type = 'job.dead' and channel_id = ${slack.id}
          and event_key like 'job.dead:00000000-0000-4000-8000-%'`,
      )
      .then((result) => (result as unknown as { rows: Array<{ n: number }> }).rows)
    expect(Number(counted?.n)).toBe(501)
    await waitFor('acme’s dead job sent', async () => {
      const [row] = await world.db
        .select()
        .from(alerts)
        .where(eq(alerts.eventKey, 'job.dead:00000000-0000-4000-8000-0000000001f5'))
      return row?.state === 'sent'
    })
    expect(
      slackTexts().some((text) => text.includes('raw-body-501') || text.includes('LEAD_NOT_FOUND')),
    ).toBe(false)
  })

  it('a job.dead alert says what failed in our words, not the provider’s error body', {
    timeout: 60_000,
  }, async () => {
    const { boss, database, engine } = world.server.server
    const since = await lastAlertId()
    await boss.send(QUEUES.markRead, {
      clientId: ACME.clientId,
      leadId: 'scenario-no-such-lead',
      eventId: 'no-such-event',
      readAt: new Date().toISOString(),
    })
    engine?.wake(QUEUES.markRead)
    const raw = await waitFor('the job dead', async () => {
      const result = await database.execute(
        `select coalesce(output->>'message', output::text) as error from pgboss.job where name = '${QUEUES.markRead}' and state = 'failed' and data->>'leadId' = 'scenario-no-such-lead'`,
      )
      return result.rows[0]?.error as string | undefined
    })
    expect(raw.length).toBeGreaterThan(10)
    // A condition of acme: the dedupe lets it out only once the earlier one is 30 minutes old.
    await world.db.execute(
      sql`update alerts set created_at = created_at - interval '1 hour' where type = 'job.dead'`,
    )
    const before = slackTexts().length
    await runConditions()
    await waitFor('job.dead sent to Slack', async () =>
      (await rowsAfter(since, slack.id, 'job.dead')).some((row) => row.state === 'sent'),
    )
    const texts = slackTexts().slice(before)
    expect(texts.length).toBeGreaterThan(0)
    for (const text of texts) {
      expect(text).not.toContain(raw)
      expect(text).not.toMatch(/answered 404|Not Found|NOT_FOUND/i)
    }
    expect(texts.join('\n')).toMatch(/Acme Roofing/)
  })

  it('connection.needs_reauth says so in our words, without the provider’s reason', async () => {
    const since = await lastAlertId()
    const before = slackTexts().length
    await world.server.server.core.tokens.markNeedsReauth(
      'ghl',
      ACME.clientId,
      'GHL answered 400: {"error":"invalid_grant","error_description":"raw-provider-words"}',
    )
    await waitFor('needs_reauth sent', async () =>
      (await rowsAfter(since, slack.id, 'connection.needs_reauth')).some((row) => row.state === 'sent'),
    )
    const text = slackTexts().slice(before).join('\n')
    expect(text).toContain('The GoHighLevel connection of Acme Roofing needs to be authorized again')
    expect(text).not.toMatch(/raw-provider-words|invalid_grant|400/)
    await dropConnectionFacts(world.db, 'ghl', 'acme', ['needsReauth', 'reauthReason'])
  })

  it('a pending alert a restore brought back without its job is delivered, once', {
    timeout: 60_000,
  }, async () => {
    const { boss, engine } = world.server.server
    const payload = composeAlert(
      {
        type: 'lead.message',
        id: 'evt_restored_1',
        occurredAt: new Date(),
        clientId: ACME.clientId,
        leadId: 'scenario-chatty',
      },
      { text: 'Restored words' },
      { baseUrl: world.config.baseUrl, clientName: 'Acme Roofing', lead: null },
    )
    // What a restore leaves: the outbox row, pending, and no job (a backup holds no queue).
    const row = await insertAlert(world.db, {
      eventId: payload.id,
      eventKey: 'lead.message:restored-1',
      type: 'lead.message',
      channelId: hook.id,
      clientId: ACME.clientId,
      leadId: 'scenario-chatty',
      conditionKey: 'lead.message:restored-1',
      state: 'pending',
      reason: null,
      payload: { ...payload },
      deliveryId: 'msg_restored_1',
    })
    if (!row) throw new Error('no row')
    const jobs = new PgBossJobQueue(boss, new IdleWorkers(boss))
    // The restore runs its hook; an operator running it twice still gets one delivery.
    expect(await requeuePendingAlerts(jobs, world.db)).toBeGreaterThanOrEqual(1)
    await requeuePendingAlerts(jobs, world.db)
    engine?.wake(QUEUES.alertDelivery, 2)
    await waitFor('the restored alert sent', async () => {
      const [current] = await world.db.select().from(alerts).where(eq(alerts.id, row.id))
      return current?.state === 'sent'
    })
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    const deliveries = hooks
      .requests()
      .filter((request) => request.headers['webhook-id'] === 'msg_restored_1')
    expect(deliveries.map((request) => request.status)).toEqual([200])
    // One older than the 24-hour delivery window is not sent late: failed, with the reason.
    const stale = await insertAlert(world.db, {
      eventId: 'evt_restored_2',
      eventKey: 'lead.message:restored-2',
      type: 'lead.message',
      channelId: hook.id,
      clientId: ACME.clientId,
      leadId: 'scenario-chatty',
      conditionKey: 'lead.message:restored-2',
      state: 'pending',
      reason: null,
      payload: { ...payload, id: 'evt_restored_2' },
      deliveryId: 'msg_restored_2',
    })
    if (!stale) throw new Error('no row')
    await world.db.execute(
      sql`update alerts set created_at = now() - interval '25 hours' where id = ${stale.id}`,
    )
    await requeuePendingAlerts(jobs, world.db)
    const [failed] = await world.db.select().from(alerts).where(eq(alerts.id, stale.id))
    expect(failed?.state).toBe('failed')
    expect(failed?.reason).toMatch(/restored/i)
  })

  it('an automated first reply’s reply.sent says it came from the automation', {
    timeout: 60_000,
  }, async () => {
    const allWeek: PlaybookInput['businessHours'] = Object.fromEntries(
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [
        d,
        [['00:00', '24:00'] as [string, string]],
      ]),
    )
    const saved = await world.admin.request('PUT', `/api/clients/${ACME.clientId}/playbook`, {
      json: {
        timezone: 'America/Los_Angeles',
        businessHours: allWeek,
        firstReply: {
          enabled: true,
          mode: 'auto',
          delaySeconds: 0,
          inHours: 'Hi {firstName}, thanks!',
          afterHours: '',
        },
        followUps: [],
        followUpMode: 'auto',
      } satisfies PlaybookInput,
    })
    expect(saved.status, saved.text).toBe(200)
    const eventId = world.sims.newLead('scenario-automated')
    await world.sims.postWebhook([{ leadId: 'scenario-automated', eventId }])
    const body = await waitFor('reply.sent delivered', async () =>
      hookBodies().find((each) => each.type === 'reply.sent' && each.leadId === 'scenario-automated'),
    )
    expect(body.data).toMatchObject({ source: 'automation' })
    expect(String(body.summary)).toMatch(/automatic/i)
  })
})
