// Alert delivery under a burst (docs/spec/product.md §9.3): N new leads arrive as webhooks at once
// with two alert channels (a Slack-style one and a signed webhook) taking lead.new, so 2·N
// deliveries; measures event → delivery (webhook posted → the catcher received the alert) and
// the webhook acks, first without channels (A), then with them (B), so alerts can be seen not to
// slow the acks. The hub runs as a child process; the simulators and the catcher in this one.
//
//   node --import tsx bench/alerts.bench.ts                    (PGlite; BENCH_DB=postgres for PostgreSQL)
//
// Sizes (environment): ALERT_LEADS=1000 (per phase) ALERT_CLIENTS=10 ALERT_CONCURRENCY=50
// ALERT_TIMEOUT_S=300 BENCH_YELP_RATE=100. Every request goes to 127.0.0.1 only, and every loop is
// bounded in count and time. A JSON copy of the result goes to bench/results/.
import { mkdirSync, writeFileSync } from 'node:fs'
import { startWebhookCatcher } from '../sim/catchers/webhook-catcher.ts'
import { type DbKind, machine, percentile, startWorld, type World, webhookBody } from './world.ts'

const num = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback)
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`)
  return value
}
const DB: DbKind = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite'
const LEADS = num('ALERT_LEADS', 1000)
const CLIENTS = num('ALERT_CLIENTS', 10)
const CONCURRENCY = num('ALERT_CONCURRENCY', 50)
const TIMEOUT_MS = num('ALERT_TIMEOUT_S', 300) * 1000
const YELP_RATE = num('BENCH_YELP_RATE', 100)

interface Burst {
  /** When each lead's webhook was posted, by lead id. */
  postedAt: Map<string, number>
  ackMs: number[]
}

/** N new leads spread over the clients, their webhooks posted CONCURRENCY at a time. */
async function burst(world: World, phase: string): Promise<Burst> {
  const leads = Array.from({ length: LEADS }, (_, i) => {
    const client = world.clients[i % world.clients.length]
    if (!client) throw new Error('no client')
    const leadId = `alert-${phase}-${i}`
    const lead = world.yelp.addLead({
      id: leadId,
      businessId: client.businessId,
      consumerName: `Bench ${leadId}`,
      message: `Hello from ${leadId}`,
      notify: false,
    })
    return { leadId, businessId: client.businessId, eventId: lead.events[0]?.id ?? '' }
  })
  const postedAt = new Map<string, number>()
  const ackMs: number[] = []
  let next = 0
  const worker = async () => {
    while (next < leads.length) {
      const lead = leads[next++]
      if (!lead) return
      const started = performance.now()
      postedAt.set(lead.leadId, Date.now())
      const answer = await fetch(`${world.hub.url}/yelp/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: webhookBody(lead.businessId, lead.leadId, lead.eventId),
      })
      await answer.body?.cancel()
      if (answer.status !== 200) throw new Error(`webhook of ${lead.leadId} answered ${answer.status}`)
      ackMs.push(performance.now() - started)
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  return { postedAt, ackMs }
}

const deadlineOf = () => Date.now() + TIMEOUT_MS

interface AlertRow {
  leadId: string | null
  createdAt: string
  sentAt: string | null
}

/** Every alert the hub recorded (GET /api/alerts, page by page): when each was raised and sent. */
async function recordedAlerts(world: World): Promise<AlertRow[]> {
  const rows: AlertRow[] = []
  let cursor: string | null = null
  for (let page = 0; page < 100; page += 1) {
    const answer = await world.admin.get(
      `/api/alerts?limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    )
    rows.push(...(answer.body as AlertRow[]))
    cursor = answer.headers.get('x-next-cursor')
    if (!cursor) break
  }
  return rows
}

/** Waits until every lead of the burst is stored, then a moment for the sync that stored the last. */
async function waitForStored(world: World, prefix: string, deadline: number): Promise<void> {
  for (;;) {
    const answer = await world.admin.get(`/api/leads?q=${prefix}&limit=1`)
    if (Number(answer.headers.get('x-total-count')) >= LEADS) break
    if (Date.now() > deadline) throw new Error(`the ${prefix} leads were not all stored in time`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  await new Promise((resolve) => setTimeout(resolve, 3000))
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? Number.NaN,
  }
}

async function main(): Promise<void> {
  const catcher = await startWebhookCatcher()
  const world = await startWorld({ db: DB, clientCount: CLIENTS, yelpRatePerSecond: YELP_RATE })
  try {
    // A: no alert channel.
    const a = await burst(world, 'a')
    // Its leads stored (and their lead.new raised, to no channel) before the channels exist.
    await waitForStored(world, 'alert-a-', deadlineOf())
    // B: two channels take lead.new.
    for (const [type, path] of [
      ['slack', 'slack'],
      ['webhook', 'webhook'],
    ] as const) {
      await world.admin.call('add a channel', 'POST', '/api/alert-channels', {
        name: `Bench ${type}`,
        type,
        target: `${catcher.url}/${path}`,
        events: ['lead.new'],
      })
    }
    const b = await burst(world, 'b')
    const deadline = deadlineOf()
    const delivered = () => catcher.requests().filter((request) => request.status === 200)
    while (delivered().length < 2 * LEADS && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 500))
    const latencies: number[] = []
    for (const request of delivered()) {
      const leadId = /alert-b-\d+/.exec(request.body)?.[0]
      const posted = leadId ? b.postedAt.get(leadId) : undefined
      const at = Date.parse(request.at)
      if (posted !== undefined) latencies.push(at - posted)
    }
    // Where the time goes: webhook → the sync stored the lead and raised lead.new (the outbox row),
    // then outbox row → sent to the channel.
    const raised: number[] = []
    const sent: number[] = []
    for (const row of await recordedAlerts(world)) {
      const posted = row.leadId ? b.postedAt.get(row.leadId) : undefined
      if (posted === undefined) continue
      raised.push(Date.parse(row.createdAt) - posted)
      if (row.sentAt) sent.push(Date.parse(row.sentAt) - Date.parse(row.createdAt))
    }
    const result = {
      bench: 'alerts',
      db: DB,
      leads: LEADS,
      clients: CLIENTS,
      concurrency: CONCURRENCY,
      deliveries: {
        expected: 2 * LEADS,
        received: delivered().length,
        // One per lead and channel: a second of the same pair is a duplicate.
        duplicates:
          delivered().length -
          new Set(delivered().map((r) => `${r.path}|${/alert-[ab]-\d+/.exec(r.body)?.[0] ?? r.body}`)).size,
      },
      eventToDeliveryMs: summary(latencies),
      webhookToRaisedMs: summary(raised),
      raisedToSentMs: summary(sent),
      ackMs: { withoutAlerts: summary(a.ackMs), withAlerts: summary(b.ackMs) },
      machine: machine(),
      at: new Date().toISOString(),
    }
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`)
    mkdirSync(new URL('./results/', import.meta.url), { recursive: true })
    writeFileSync(
      new URL(`./results/alerts-${DB}-${LEADS}.json`, import.meta.url),
      `${JSON.stringify(result, null, 2)}\n`,
    )
    if (result.deliveries.received < result.deliveries.expected) process.exitCode = 1
  } finally {
    await world.close()
    await catcher.close()
  }
}

await main()
