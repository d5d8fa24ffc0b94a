import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME, type ConnectedWorld, type SimDriver, startConnectedWorld } from '../testing/connected-world.ts'
import { startProcessWorld } from '../testing/process-world.ts'
import { findFreePort } from '../testing/test-server.ts'
import { sleep, waitFor } from '../testing/wait-for.ts'
import { QUEUES } from './queue/queues.ts'

// The engine under load and across crashes: many concurrent webhooks, a SIGKILLed server, and
// two server processes on one PostgreSQL database. Every Yelp event must reach GHL exactly once.
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL)

interface JobView {
  id: string
  queue: string
  state: string
  retryCount: number
  data: { leadId?: string } | null
}

/** How many GHL messages carry each event id as altId; every count must be exactly 1. */
async function copiesPerEvent(driver: SimDriver, eventIds: string[]): Promise<number[]> {
  const counts = new Map(eventIds.map((id) => [id, 0]))
  for (const message of await driver.ghlMessagesFor(eventIds)) {
    if (message.altId) counts.set(message.altId, (counts.get(message.altId) ?? 0) + 1)
  }
  return [...counts.values()]
}

/** Event ids of a lead made of `count` consumer messages, its webhooks lost (`notify: false`). */
function leadWithMessages(driver: SimDriver, leadId: string, count: number): string[] {
  const lead = driver.yelp.addLead({
    id: leadId,
    businessId: ACME.business,
    consumerName: `Load ${leadId}`,
    events: Array.from({ length: count }, (_, i) => ({ text: `${leadId} message ${i + 1}` })),
    notify: false,
  })
  return lead.events.map((e) => e.id)
}

describe('200 concurrent webhooks over 50 leads', () => {
  let world: ConnectedWorld
  beforeAll(async () => {
    world = await startConnectedWorld()
  })
  afterAll(() => world?.close())

  it('forwards every lead’s message, none twice', { timeout: 90_000 }, async () => {
    const sims = world.sims
    const leads = Array.from({ length: 50 }, (_, i) => `lead-burst-${i}`)
    const events = leads.map((id) => sims.newLead(id, { notify: false, consumerName: `Burst ${id}` }))
    // Four deliveries of each lead's webhook, all at once and interleaved.
    const deliveries = [0, 1, 2, 3].flatMap(() =>
      leads.map((leadId, i) => ({ leadId, eventId: events[i] ?? '' })),
    )
    const answers = await Promise.all(deliveries.map((d) => sims.postWebhook([d])))
    expect(answers.filter((a) => a.status !== 200)).toHaveLength(0)
    // GHL allows 100 calls per 10 s per location (docs/providers/ghl.md §10) and a new lead takes four.
    await waitFor('all 50 messages', async () => (await sims.ghlMessagesFor(events)).length >= 50, 75_000)
    await sleep(1000)
    expect((await copiesPerEvent(sims, events)).filter((n) => n !== 1)).toEqual([])
    expect((await sims.ghlContacts()).filter((c) => c.firstName === 'Burst')).toHaveLength(50)
  })

  it('keeps forwarding other leads while one lead’s sync is stuck on a slow GHL', {
    timeout: 60_000,
  }, async () => {
    const sims = world.sims
    const first = sims.newLead('lead-stuck')
    await waitFor('the first message', async () => (await sims.ghlMessagesFor([first])).length === 1)
    world.slow.ghl.add({ method: 'POST', path: '/conversations/messages/inbound', delayMs: 6000 })
    const stuck = sims.consumerMessage('lead-stuck', 'Are you there?')
    await waitFor('the slow call', () => world.slow.ghl.pending() === 0)
    // A second sync of the stuck lead waits its turn; it must not stop the queue behind it.
    const waiting = sims.consumerMessage('lead-stuck', 'Hello??')
    await sleep(300)
    const started = Date.now()
    const others = ['lead-free-1', 'lead-free-2', 'lead-free-3'].map((id) => sims.newLead(id))
    await waitFor('the other leads', async () => (await sims.ghlMessagesFor(others)).length === 3, 20_000)
    // Well before the stuck call's answer (6 s): nothing waited for it.
    expect(Date.now() - started).toBeLessThan(4500)
    await waitFor(
      'the stuck lead',
      async () => (await sims.ghlMessagesFor([stuck, waiting])).length === 2,
      30_000,
    )
    expect(await copiesPerEvent(sims, [first, stuck, waiting, ...others])).toEqual([1, 1, 1, 1, 1, 1])
  })
})

describe('a server killed while GHL is answering', () => {
  it('delivers the message exactly once after a restart on the same data', { timeout: 180_000 }, async () => {
    const world = await startProcessWorld()
    try {
      const port = await findFreePort()
      let hub = await world.start(port)
      const { driver } = await world.connect(hub)

      // GHL adds the message, then takes 3 s to answer: the hub dies before it hears back.
      world.sims.slow.ghl.add({ method: 'POST', path: '/conversations/messages/inbound', delayMs: 3000 })
      const eventId = driver.newLead('lead-kill')
      await waitFor(
        'GHL to add the message',
        async () => (await driver.ghlMessagesFor([eventId])).length === 1,
      )
      await hub.kill()

      hub = await world.start(port)
      const admin = await world.admin(hub)
      // The same job, retried (PGlite: at start; PostgreSQL: once its heartbeat is missed).
      const job = await waitFor(
        'the interrupted job to complete',
        async () => {
          const jobs = await admin.get('/api/jobs?state=completed')
          expect(jobs.status, jobs.text).toBe(200)
          // The lead's sync (its cost job, docs/decisions/0014, is another job of the same lead).
          return (jobs.body as JobView[]).find(
            (j) => j.queue === QUEUES.leadSync && j.data?.leadId === 'lead-kill',
          )
        },
        ON_POSTGRES ? 90_000 : 30_000,
      )
      expect(job.retryCount).toBeGreaterThanOrEqual(1)
      expect(await copiesPerEvent(driver, [eventId])).toEqual([1])
      const posts = world.sims.ghl.server.requests
        .list()
        .filter((r) => r.path === '/conversations/messages/inbound')
        .filter((r) => (r.body as { altId?: string } | null)?.altId === eventId)
      expect(posts).toHaveLength(1)

      // And the restarted server carries on.
      const next = driver.consumerMessage('lead-kill', 'Back online?')
      await waitFor('the next message', async () => (await driver.ghlMessagesFor([next])).length === 1)
      expect(await copiesPerEvent(driver, [eventId, next])).toEqual([1, 1])
    } finally {
      await world.close()
    }
  })
})

describe('a server killed while Yelp takes a first reply', () => {
  it('posts the first reply exactly once after a restart on the same data', {
    timeout: 180_000,
  }, async () => {
    const world = await startProcessWorld()
    try {
      const port = await findFreePort()
      let hub = await world.start(port)
      const { driver, admin } = await world.connect(hub)
      const saved = await admin.request('PUT', `/api/clients/${ACME.clientId}/playbook`, {
        json: {
          timezone: 'UTC',
          businessHours: {
            mon: [['00:00', '24:00']],
            tue: [['00:00', '24:00']],
            wed: [['00:00', '24:00']],
            thu: [['00:00', '24:00']],
            fri: [['00:00', '24:00']],
            sat: [['00:00', '24:00']],
            sun: [['00:00', '24:00']],
          },
          firstReply: {
            enabled: true,
            mode: 'auto',
            delaySeconds: 0,
            inHours: 'Hi {firstName}, on it!',
            afterHours: '',
          },
          followUps: [],
        },
      })
      expect(saved.status, saved.text).toBe(200)

      // Yelp writes the first reply, then takes 3 s to answer: the hub dies before it hears back.
      world.sims.slow.yelp.add({ method: 'POST', path: '/v3/leads/lead-first-kill/events', delayMs: 3000 })
      driver.newLead('lead-first-kill', { consumerName: 'Kim Park' })
      const texts = async () =>
        (await driver.yelpLead('lead-first-kill')).events
          .filter((e) => e.user_type === 'BIZ')
          .map((e) => e.event_content.text)
      await waitFor('Yelp to write the first reply', async () => (await texts()).length === 1)
      await hub.kill()

      hub = await world.start(port)
      const after = await world.admin(hub)
      // The delivery, retried, finds the text on Yelp and reports it sent instead of posting again.
      await waitFor(
        'the first reply delivered',
        async () => {
          const lead = await after.get('/api/leads/lead-first-kill')
          return lead.status === 200 && (lead.body as { waitingSince: string | null }).waitingSince === null
        },
        ON_POSTGRES ? 90_000 : 30_000,
      )
      const steps = (await after.get('/api/leads/lead-first-kill/automation')).body
      expect(steps).toMatchObject([{ kind: 'first_reply', state: 'sent' }])
      expect(await texts()).toEqual(['Hi Kim, on it!'])
      const posts = world.sims.yelp.server.requests
        .list()
        .filter((r) => r.method === 'POST' && r.path === '/v3/leads/lead-first-kill/events')
      expect(posts).toHaveLength(1)
    } finally {
      await world.close()
    }
  })
})

describe.skipIf(!ON_POSTGRES)('two server processes on one PostgreSQL database', () => {
  it('forwards each of 500 webhooks’ events exactly once and runs the schedule in one process', {
    timeout: 240_000,
  }, async () => {
    const world = await startProcessWorld()
    const sql = new pg.Client({ connectionString: world.env.DATABASE_URL })
    try {
      const [hubA, hubB] = await Promise.all([
        world.start(await findFreePort()),
        world.start(await findFreePort()),
      ])
      if (!hubA || !hubB) throw new Error('two hubs expected')
      const { driver } = await world.connect(hubA)
      await sql.connect()

      // 50 leads of two messages each; ten webhooks per lead (each event five times), half to each process.
      const leads = Array.from({ length: 50 }, (_, i) => `lead-two-${i}`)
      const events = leads.map((leadId) => leadWithMessages(driver, leadId, 2))
      const deliveries = leads.flatMap((leadId, i) =>
        Array.from({ length: 10 }, (_, n) => ({ leadId, eventId: events[i]?.[n % 2] ?? '' })),
      )
      // Spread in time too, as Yelp would: 50 at a time.
      for (let i = 0; i < deliveries.length; i += 50) {
        const batch = deliveries.slice(i, i + 50)
        const answers = await Promise.all(
          batch.map((d, n) => driver.postWebhook([d], driver.webhookUrl(n % 2 ? hubB.url : hubA.url))),
        )
        expect(answers.filter((a) => a.status !== 200)).toHaveLength(0)
      }
      const allEvents = events.flat()
      await waitFor(
        'all 100 messages',
        async () => (await driver.ghlMessagesFor(allEvents)).length >= 100,
        150_000,
      )
      await sleep(2000)
      expect((await copiesPerEvent(driver, allEvents)).filter((n) => n !== 1)).toEqual([])
      expect((await driver.ghlContacts()).filter((c) => c.firstName === 'Load')).toHaveLength(50)

      // Both processes registered the reconcile schedule: one row. Make it due now, and let the
      // next cron check of either process (every 30 s) fire it.
      const schedules = await sql.query(
        `select name, cron from pgboss.schedule where name = 'yelp-reconcile'`,
      )
      expect(schedules.rows).toEqual([{ name: 'yelp-reconcile', cron: '*/15 * * * *' }])
      // A reconcile run lists each connected business's lead ids from the first page on.
      const listings = () =>
        world.sims.yelp.server.requests
          .list()
          .filter((r) => r.path.endsWith('/lead_ids') && !('after_lead_id' in r.query))
      const before = listings().length
      await sql.query(`update pgboss.schedule set cron = '* * * * *' where name = 'yelp-reconcile'`)
      await sql.query('update pgboss.version set cron_on = null')
      const reconcileJobs = async () =>
        (
          await sql.query(
            `select state, date_trunc('minute', created_on) as minute from pgboss.job where name = 'yelp-reconcile'`,
          )
        ).rows as Array<{ state: string; minute: Date }>
      await waitFor('a reconcile job', async () => (await reconcileJobs()).length > 0, 60_000)
      await sql.query(`update pgboss.schedule set cron = '*/15 * * * *' where name = 'yelp-reconcile'`)
      await waitFor(
        'the reconcile run',
        async () => (await reconcileJobs()).every((j) => j.state === 'completed'),
        30_000,
      )
      const jobs = await reconcileJobs()
      const perMinute = new Map<number, number>()
      for (const job of jobs)
        perMinute.set(job.minute.getTime(), (perMinute.get(job.minute.getTime()) ?? 0) + 1)
      // One job per cron tick however many processes saw it, and each ran once, in one process.
      expect([...perMinute.values()].every((n) => n === 1)).toBe(true)
      expect(listings().length - before).toBe(jobs.length)
    } finally {
      await sql.end().catch(() => {})
      await world.close()
    }
  })
})
