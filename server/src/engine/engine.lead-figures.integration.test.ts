import { leadDetailSchema } from '@common/leads.ts'
import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { leads } from '../db/schema.ts'
import { ACME, type ConnectedWorld, contactOf, startConnectedWorld } from '../testing/connected-world.ts'
import { waitFor } from '../testing/wait-for.ts'
import { QUEUES } from './queue/queues.ts'

// docs/decisions/0014 end to end against the simulators: a stored lead's cost_per_lead is fetched from
// Yelp once, whatever the number of syncs, and kept on the lead; its first consumer message and the
// business's first reply are kept from each channel a reply can come from (Yelp, GHL, the inbox).

let world: ConnectedWorld
const db = () => world.db

beforeAll(async () => {
  world = await startConnectedWorld()
})
afterAll(() => world?.close())

const metricsCalls = (leadId: string) =>
  world.sims.yelpRequests('GET', new RegExp(`^/v3/leads/${leadId}/metrics$`))

async function leadRow(leadId: string) {
  const [row] = await db().select().from(leads).where(eq(leads.leadId, leadId))
  return row ?? null
}

/** Until no lead sync nor metrics job is waiting or running. */
async function engineIdle(): Promise<void> {
  const queues = [QUEUES.leadSync, QUEUES.leadSyncBulk, QUEUES.leadMetrics, QUEUES.reply, QUEUES.hubReply]
  await waitFor('the engine to go idle', async () => {
    const result = await db().execute(
      sql`select count(*)::int as n from pgboss.job where name in (${sql.join(
        queues.map((q) => sql`${q}`),
        sql`, `,
      )}) and state in ('created', 'retry', 'active')`,
    )
    return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n) === 0
  })
}

/** Whole seconds `minutes` ago: Yelp's times carry no milliseconds. */
function minutesAgo(minutes: number): Date {
  return new Date(Math.floor((Date.now() - minutes * 60_000) / 1000) * 1000)
}

describe('cost per lead', () => {
  it('is fetched from Yelp once per lead, after the lead is stored, and shown on the lead', async () => {
    world.sims.newLead('cost-1', { costPerLeadCents: 2350 })
    const stored = await waitFor('the cost on the lead', async () => {
      const row = await leadRow('cost-1')
      return row?.metricsFetchedAt ? row : null
    })
    expect(stored).toMatchObject({ costPerLeadCents: 2350, costCurrency: 'USD' })

    // More syncs of the same lead: a new consumer message, a full re-read, a repeated webhook.
    world.sims.consumerMessage('cost-1', 'Is Thursday possible?')
    await world.server.server.boss.send(QUEUES.leadSync, {
      clientId: ACME.clientId,
      leadId: 'cost-1',
      reason: 'retry',
    })
    await world.sims.postWebhook([{ leadId: 'cost-1' }])
    await waitFor('the second message stored', async () => {
      const row = await leadRow('cost-1')
      return (row?.events ?? []).length === 2
    })
    await engineIdle()
    expect(metricsCalls('cost-1')).toHaveLength(1)
    expect(metricsCalls('cost-1')[0]?.status).toBe(200)

    const detail = leadDetailSchema.parse(await world.admin.call('read the lead', 'GET', '/api/leads/cost-1'))
    expect(detail.figures).toMatchObject({
      costPerLeadCents: 2350,
      costCurrency: 'USD',
      metricsFetched: true,
    })
  })

  it('asks once for each of several new leads, and records a lead Yelp has no cost for', async () => {
    for (const id of ['cost-2', 'cost-3'])
      world.sims.newLead(id, { costPerLeadCents: id === 'cost-2' ? 1800 : 0 })
    await waitFor('both costs', async () => {
      const rows = await db()
        .select()
        .from(leads)
        .where(inArray(leads.leadId, ['cost-2', 'cost-3']))
      return rows.length === 2 && rows.every((row) => row.metricsFetchedAt) ? rows : null
    })
    await engineIdle()
    expect(metricsCalls('cost-2')).toHaveLength(1)
    expect(metricsCalls('cost-3')).toHaveLength(1)
    expect((await leadRow('cost-2'))?.costPerLeadCents).toBe(1800)
    expect((await leadRow('cost-3'))?.costPerLeadCents).toBe(0)
  })
})

describe('response time', () => {
  /** A lead whose consumer wrote `minutes` ago; the first message's time. */
  async function leadAsking(leadId: string, minutes: number): Promise<Date> {
    const first = minutesAgo(minutes)
    world.sims.newLead(leadId, {
      createdAt: first.toISOString(),
      events: [{ text: `Quote please (${leadId})`, at: first.toISOString() }],
    })
    await waitFor(`lead ${leadId} stored and in GHL`, async () =>
      (await leadRow(leadId)) && (await contactOf(db(), leadId)) ? true : null,
    )
    return first
  }

  it('keeps the first consumer message and no reply while nobody answered', async () => {
    const first = await leadAsking('rt-none', 10)
    const row = await leadRow('rt-none')
    expect(row?.firstConsumerMessageAt?.toISOString()).toBe(first.toISOString())
    expect(row?.firstBusinessReplyAt).toBeNull()
  })

  it('counts a reply typed on Yelp at Yelp’s time', async () => {
    const first = await leadAsking('rt-yelp', 10)
    // Three minutes after the first message, from its time: a second `minutesAgo(7)` read later
    // could fall in the next second and make it 181 s (seen once in CI).
    const replied = new Date(first.getTime() + 3 * 60_000)
    world.yelp.addMessage('rt-yelp', { from: 'BIZ', text: 'We can help', at: replied.toISOString() })
    const row = await waitFor('the Yelp reply', async () => {
      const found = await leadRow('rt-yelp')
      return found?.firstBusinessReplyAt ? found : null
    })
    expect(row.firstConsumerMessageAt?.toISOString()).toBe(first.toISOString())
    expect(row.firstBusinessReplyAt?.toISOString()).toBe(replied.toISOString())
    const detail = leadDetailSchema.parse(
      await world.admin.call('read the lead', 'GET', '/api/leads/rt-yelp'),
    )
    expect(detail.figures.responseSeconds).toBe(180)
  })

  it('counts a reply from GHL from when it was written', async () => {
    const first = await leadAsking('rt-ghl', 10)
    const contactId = await contactOf(db(), 'rt-ghl')
    const before = Date.now()
    const reply = await world.ghl.simulateUserReply({
      locationId: ACME.location,
      contactId: contactId ?? '',
      message: 'Thanks, we will call you',
    })
    expect(reply.response.status).toBe(200)
    const row = await waitFor('the GHL reply', async () => {
      const found = await leadRow('rt-ghl')
      return found?.firstBusinessReplyAt ? found : null
    })
    const at = row.firstBusinessReplyAt?.getTime() ?? 0
    expect(at).toBeGreaterThanOrEqual(before - 1000)
    expect(at).toBeLessThanOrEqual(Date.now())
    expect(row.firstConsumerMessageAt?.toISOString()).toBe(first.toISOString())
    // Its Yelp echo, read by a later sync, does not move it.
    await waitFor('the echo stored', async () =>
      ((await leadRow('rt-ghl'))?.events ?? []).some(
        (e) => (e as { user_type?: string }).user_type === 'BIZ',
      ),
    )
    expect((await leadRow('rt-ghl'))?.firstBusinessReplyAt?.getTime()).toBe(at)
  })

  it('counts a reply from the inbox from when it was written', async () => {
    const first = await leadAsking('rt-inbox', 10)
    const before = Date.now()
    const sent = await world.admin.post('/api/leads/rt-inbox/reply', { text: 'On our way tomorrow' })
    expect(sent.status, sent.text).toBe(202)
    const row = await waitFor('the inbox reply', async () => {
      const found = await leadRow('rt-inbox')
      return found?.firstBusinessReplyAt ? found : null
    })
    const at = row.firstBusinessReplyAt?.getTime() ?? 0
    expect(at).toBeGreaterThanOrEqual(before - 1000)
    expect(at).toBeLessThanOrEqual(Date.now())
    expect(row.firstConsumerMessageAt?.toISOString()).toBe(first.toISOString())
  })
})
