import { describe, expect, it } from 'vitest'
import { ACME, type SimDriver } from '../../testing/connected-world.ts'
import type { HubProcess } from '../../testing/hub-process.ts'
import { SAMPLE_MAPPING } from '../../testing/pipeline-world.ts'
import { type ProcessWorld, startProcessWorld } from '../../testing/process-world.ts'
import type { SessionClient } from '../../testing/session-client.ts'
import { findFreePort } from '../../testing/test-server.ts'
import { waitFor } from '../../testing/wait-for.ts'

// One opportunity per lead across a SIGKILL between GHL's create and the stored id, and across
// two server processes on one PostgreSQL database (docs/spec/product.md §9.4).
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL)

/** The process world with acme connected through `hub` and the sample pipeline mapped. */
async function connectWithPipeline(world: ProcessWorld, hub: HubProcess): Promise<SimDriver> {
  const { driver, admin } = await world.connect(hub)
  await admin.call('map the pipeline', 'PUT', `/api/clients/${ACME.clientId}/pipeline`, SAMPLE_MAPPING)
  return driver
}

async function opportunityIdOf(admin: SessionClient, leadId: string): Promise<string | null> {
  const answer = await admin.get(`/api/leads/${leadId}`)
  return answer.status === 200
    ? ((answer.body as { opportunityId: string | null }).opportunityId ?? null)
    : null
}

describe('a server killed between GHL’s create and the stored opportunity id', () => {
  it('ends with one opportunity, found by contact and pipeline after the restart', {
    timeout: 180_000,
  }, async () => {
    const world = await startProcessWorld()
    try {
      const port = await findFreePort()
      let hub = await world.start(port)
      const driver = await connectWithPipeline(world, hub)
      // GHL creates the opportunity, then takes 4 s to answer: the hub dies before it hears back.
      world.sims.slow.ghl.add({ method: 'POST', path: '/opportunities', delayMs: 4000 })
      driver.newLead('lead-opp-kill', { consumerName: 'Kim K.' })
      const created = await waitFor(
        'GHL to create the opportunity',
        () => world.sims.ghl.store.opportunitiesOf(ACME.location)[0],
        30_000,
      )
      await hub.kill()

      hub = await world.start(port)
      const admin = await world.admin(hub)
      const stored = await waitFor(
        'the restarted hub to store the opportunity id',
        () => opportunityIdOf(admin, 'lead-opp-kill'),
        ON_POSTGRES ? 90_000 : 30_000,
      )
      expect(stored).toBe(created.id)
      expect(world.sims.ghl.store.opportunitiesOf(ACME.location)).toHaveLength(1)
      const creates = world.sims.ghl.server.requests
        .list()
        .filter((r) => r.method === 'POST' && r.path.startsWith('/opportunities'))
      expect(creates).toHaveLength(1)
    } finally {
      await world.close()
    }
  })
})

describe.skipIf(!ON_POSTGRES)('two server processes on one PostgreSQL database', () => {
  it('give each lead one opportunity and apply each status change once', { timeout: 240_000 }, async () => {
    const world = await startProcessWorld()
    try {
      const [hubA, hubB] = await Promise.all([
        world.start(await findFreePort()),
        world.start(await findFreePort()),
      ])
      if (!hubA || !hubB) throw new Error('two hubs expected')
      const driver = await connectWithPipeline(world, hubA)
      const leads = Array.from({ length: 12 }, (_, i) => `lead-opp-two-${i}`)
      const events = leads.map((id) => driver.newLead(id, { notify: false, consumerName: `Two ${id}` }))
      // Each lead's webhook three times, to both processes.
      const deliveries = leads.flatMap((leadId, i) =>
        [0, 1, 2].map((n) => ({
          leadId,
          eventId: events[i] ?? '',
          url: driver.webhookUrl(n % 2 ? hubB.url : hubA.url),
        })),
      )
      const answers = await Promise.all(deliveries.map((d) => driver.postWebhook([d], d.url)))
      expect(answers.every((a) => a.status === 200)).toBe(true)
      const [adminA, adminB] = [await world.admin(hubA), await world.admin(hubB)]
      await waitFor(
        'every lead’s opportunity',
        async () => (await Promise.all(leads.map((id) => opportunityIdOf(adminA, id)))).every(Boolean),
        150_000,
      )
      // Status changes through both processes.
      for (const [i, leadId] of leads.entries()) {
        const admin = i % 2 ? adminB : adminA
        await admin.call('status', 'PATCH', `/api/leads/${leadId}/status`, { status: 'converted' })
      }
      await waitFor(
        'every opportunity won',
        () =>
          world.sims.ghl.store.opportunitiesOf(ACME.location).filter((o) => o.status === 'won').length ===
          leads.length,
        60_000,
      )
      const perContact = new Map<string, number>()
      for (const o of world.sims.ghl.store.opportunitiesOf(ACME.location))
        perContact.set(o.contactId, (perContact.get(o.contactId) ?? 0) + 1)
      expect([...perContact.values()]).toEqual(leads.map(() => 1))
    } finally {
      await world.close()
    }
  })
})
