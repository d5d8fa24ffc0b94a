// First replies in a burst (docs/spec/product.md §9.2): N new leads arrive at once over several
// clients whose playbooks answer at once; every lead must get exactly one first reply on Yelp,
// and the figure is the time from its webhook to that reply, within Yelp's 5 calls a second per
// endpoint (the floor: a new lead costs two reads of its events, one by its sync, on which the
// first reply posts moments later, and one after the post to learn the posted event's id, so N
// leads need at least 2N / 5 seconds of Yelp's events endpoint).
//
//   node --import tsx bench/first-reply.bench.ts                 (PGlite; FR_LEADS=2000 FR_CLIENTS=10)
//   BENCH_DB=postgres node --import tsx bench/first-reply.bench.ts
//
// Every request goes to 127.0.0.1 only; the run stops itself after FR_TIMEOUT_S (default 1200).
import { mkdirSync, writeFileSync } from 'node:fs'
import { finishesWithin, sleep } from '../server/src/testing/wait-for.ts'
import { type DbKind, machine, percentile, startWorld, type World, webhookBody } from './world.ts'

const num = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback)
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`)
  return value
}
const DB: DbKind = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite'
const LEADS = num('FR_LEADS', 2000)
const CLIENTS = num('FR_CLIENTS', 10)
const YELP_RATE = num('BENCH_YELP_RATE', 5)
const TIMEOUT_S = num('FR_TIMEOUT_S', 1200)
const REPLY = 'Hi {firstName}, thanks for reaching out about {jobType}!'

const ALL_WEEK = Object.fromEntries(
  ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [['00:00', '24:00']]]),
)

/** When each lead's webhook was answered (ms). */
const webhookAt = new Map<string, number>()

/** Each lead's business events Yelp took, by when (from the simulator's request log). */
function repliesOf(world: World): Map<string, number[]> {
  const replied = new Map<string, number[]>()
  for (const request of world.yelp.server.requests.list()) {
    if (request.method !== 'POST' || request.status !== 201) continue
    const match = /^\/v3\/leads\/([^/]+)\/events$/.exec(request.path)
    if (!match?.[1]) continue
    const times = replied.get(match[1]) ?? []
    times.push(Date.parse(request.time))
    replied.set(match[1], times)
  }
  return replied
}

async function postWebhook(world: World, businessId: string, leadId: string, eventId: string) {
  const response = await fetch(`${world.hub.url}/yelp/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: webhookBody(businessId, leadId, eventId),
    signal: AbortSignal.timeout(10_000),
  })
  await response.arrayBuffer()
  if (response.status === 200) webhookAt.set(leadId, Date.now())
  return response.status
}

/** What the hub says of the first leads left without a reply: its sync and its automation history. */
async function explainUnanswered(world: World, leadIds: string[]) {
  return Promise.all(
    leadIds.slice(0, 10).map(async (leadId) => {
      const lead = await world.admin.request('GET', `/api/leads/${leadId}`)
      const automation = await world.admin.request('GET', `/api/leads/${leadId}/automation`)
      return {
        leadId,
        lead: lead.status === 200 ? 'stored' : `${lead.status}`,
        automation: automation.status === 200 ? automation.body : `${automation.status}`,
      }
    }),
  )
}

async function main() {
  const world = await startWorld({ db: DB, clientCount: CLIENTS, yelpRatePerSecond: YELP_RATE })
  for (const client of world.clients) {
    await world.admin.call('set the playbook', 'PUT', `/api/clients/${client.clientId}/playbook`, {
      timezone: 'UTC',
      businessHours: ALL_WEEK,
      firstReply: { enabled: true, mode: 'auto', delaySeconds: 0, inHours: REPLY, afterHours: '' },
      followUps: [],
    })
  }
  // New leads, their webhooks held back, then all delivered at once (16 at a time).
  const leads = Array.from({ length: LEADS }, (_, i) => {
    const client = world.clients[i % world.clients.length]
    if (!client) throw new Error('no client')
    const lead = world.yelp.addLead({
      id: `fr-${i}`,
      businessId: client.businessId,
      consumerName: `Consumer ${i}`,
      notify: false,
      project: { job_names: ['Roof repair'] },
      events: [{ text: `Lead ${i} needs a roof` }],
    })
    return { leadId: lead.id, businessId: client.businessId, eventId: lead.events[0]?.id ?? '' }
  })
  await sleep(1000)
  const t0 = Date.now()
  const statuses = new Map<number, number>()
  let next = 0
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < leads.length) {
        const lead = leads[next++]
        if (!lead) break
        const status = await postWebhook(world, lead.businessId, lead.leadId, lead.eventId).catch(() => -1)
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
      }
    }),
  )
  const ackedS = (Date.now() - t0) / 1000
  const done = await finishesWithin(
    () => repliesOf(world).size >= LEADS,
    TIMEOUT_S * 1000 - (Date.now() - t0),
    500,
  )
  const finishedS = (Date.now() - t0) / 1000
  // Anything posted twice would land within seconds of the first: wait, then count.
  await sleep(5000)
  const repliedAt = repliesOf(world)
  const latencies = leads
    .map((lead) => {
      const sent = webhookAt.get(lead.leadId)
      const first = repliedAt.get(lead.leadId)?.[0]
      return sent !== undefined && first !== undefined ? (first - sent) / 1000 : null
    })
    .filter((s): s is number => s !== null)
    .sort((a, b) => a - b)
  const doubled = [...repliedAt.values()].filter((times) => times.length > 1).length
  const unanswered = await explainUnanswered(
    world,
    leads.map((lead) => lead.leadId).filter((leadId) => !repliedAt.has(leadId)),
  )
  await world.close()
  const result = {
    scenario: 'first-reply burst',
    db: DB,
    machine: machine(),
    settings: { leads: LEADS, clients: CLIENTS, yelpRatePerSecond: YELP_RATE },
    webhookStatuses: Object.fromEntries(statuses),
    webhooksAckedSeconds: +ackedS.toFixed(1),
    allReplied: done,
    replied: repliedAt.size,
    postedTwice: doubled,
    secondsToLastReply: +finishedS.toFixed(1),
    floorSeconds: +((2 * LEADS) / YELP_RATE).toFixed(0),
    webhookToFirstReplySeconds: {
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      max: latencies.at(-1) ?? null,
    },
    unanswered,
  }
  console.log(JSON.stringify(result, null, 2))
  const dir = new URL('./results/', import.meta.url).pathname
  mkdirSync(dir, { recursive: true })
  writeFileSync(
    `${dir}first-reply-${DB}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    `${JSON.stringify(result, null, 2)}\n`,
  )
}

const guard = setTimeout(
  () => {
    console.error(`first-reply bench exceeded ${TIMEOUT_S + 120} s, stopping`)
    process.exit(3)
  },
  (TIMEOUT_S + 120) * 1000,
)
guard.unref()
await main()
process.exit(0)
