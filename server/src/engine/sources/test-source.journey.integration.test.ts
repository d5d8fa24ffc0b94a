import type { PlaybookInput } from '@common/playbook.ts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWebhookCatcher, type WebhookCatcher } from '../../../../sim/catchers/webhook-catcher.ts'
import { leads } from '../../db/schema.ts'
import { BoundedSet } from '../../lib/bounded-set.ts'
import { ALL_WEEK } from '../../testing/automation-probes.ts'
import { ACME, type ConnectedWorld, contactOf, startConnectedWorld } from '../../testing/connected-world.ts'
import { FakeLeadSource, TEST_SOURCE_ID } from '../../testing/fake-lead-source.ts'
import { mapPipeline, opportunitiesOf, SAMPLE_MAPPING } from '../../testing/pipeline-world.ts'
import { waitFor } from '../../testing/wait-for.ts'
import { enqueueWebhookSyncs } from '../lead-sync/webhook-lead-admission.ts'
import { IdleWorkers } from '../queue/idle-workers.ts'
import { PgBossJobQueue } from '../queue/job-queue.ts'

// issue 36, "Done when": a second lead source — a fake registered only here, through
// buildApp's `core.extraSources` — runs the whole journey a Yelp lead runs: its webhook's sync
// (queued by the same enqueue as Yelp's deliveries), the GHL contact and message, the
// playbook's first reply posted through the source, the new-lead alert, and the GHL
// opportunity. No engine file names this source: everything goes through the LeadSource port.

const source = new FakeLeadSource()
let world: ConnectedWorld
let hooks: WebhookCatcher

const FIRST_REPLY = 'Hi {firstName}, thanks for asking {businessName} about {jobType}!'

beforeAll(async () => {
  hooks = await startWebhookCatcher()
  world = await startConnectedWorld({ core: { extraSources: [source] } })
  await world.admin.call('add an alert channel', 'POST', '/api/alert-channels', {
    name: 'New leads',
    type: 'webhook',
    target: hooks.url,
    events: ['lead.new'],
  })
  await mapPipeline(world)
  const playbook: PlaybookInput = {
    timezone: 'America/Los_Angeles',
    businessHours: ALL_WEEK,
    firstReply: { enabled: true, mode: 'auto', delaySeconds: 0, inHours: FIRST_REPLY, afterHours: '' },
    followUps: [],
    followUpMode: 'auto',
  }
  await world.admin.call('turn the playbook on', 'PUT', `/api/clients/${ACME.clientId}/playbook`, playbook)
}, 120_000)
afterAll(async () => {
  await world?.close()
  await hooks?.close()
})

/** The source's webhook for a lead, queued as the Yelp webhook service queues its deliveries. */
async function deliverWebhook(leadId: string, eventId: string) {
  const { boss } = world.server.server
  const jobs = new PgBossJobQueue(boss, new IdleWorkers(boss))
  const { ingestDb } = world.server.server.database
  const sync = { clientId: ACME.clientId, source: TEST_SOURCE_ID, leadId, reason: 'NEW_EVENT', eventId }
  await enqueueWebhookSyncs(ingestDb, jobs, [sync], new BoundedSet(10), async (insertSyncs) => {
    if (insertSyncs) await ingestDb.execute(insertSyncs)
  })
}

describe('a lead of another source', () => {
  it('reaches GHL, gets its first reply through its source, alerts and gets its opportunity', {
    timeout: 120_000,
  }, async () => {
    const first = source.addLead(
      ACME.clientId,
      {
        id: 'fake-lead-1',
        name: 'Tess Tester',
        phone: '+14155550123',
        job: { names: ['Fence repair'], postalCode: '94110' },
      },
      'Hi, my fence fell over. Can you help?',
    )
    await deliverWebhook('fake-lead-1', first.id)

    // Stored as the hub's lead of that source, in the API's lead shape.
    const stored = await waitFor('the lead stored', async () => {
      const [row] = await world.db.select().from(leads).where(eq(leads.leadId, 'fake-lead-1'))
      return row
    })
    expect(stored.source).toBe(TEST_SOURCE_ID)
    const view = await world.admin.call<{ userData: unknown; events: unknown[] }>(
      'read the lead',
      'GET',
      '/api/leads/fake-lead-1',
    )
    expect(view.userData).toMatchObject({ display_name: 'Tess Tester', phone: '+14155550123' })
    expect(view.events[0]).toMatchObject({
      id: first.id,
      user_type: 'CONSUMER',
      event_content: { text: 'Hi, my fence fell over. Can you help?' },
    })

    // The GHL contact, named after the source, and the consumer's message in its conversation.
    const contactId = await waitFor('the GHL contact', () => contactOf(world.db, 'fake-lead-1'))
    const contact = world.ghl.store.contacts.get(contactId)
    expect(contact).toMatchObject({ firstName: 'Tess', lastName: 'Tester', phone: '+14155550123' })
    expect(contact?.source).toBe('Test source')
    expect(contact?.tags).toContain('test-lead')
    const inbound = await waitFor('the message in GHL', async () =>
      (await world.sims.ghlMessagesFor([first.id])).find((m) => m.contactId === contactId),
    )
    expect(inbound).toMatchObject({ direction: 'inbound', body: 'Hi, my fence fell over. Can you help?' })

    // The playbook's first reply, posted through the source, and mirrored into GHL once.
    const reply = 'Hi Tess, thanks for asking Acme Roofing about Fence repair!'
    await waitFor('the first reply on the source', async () =>
      source.repliesTo('fake-lead-1').includes(reply),
    )
    await waitFor('the reply mirrored into GHL', async () =>
      (await world.sims.ghlMessages()).some((m) => m.direction === 'outbound' && m.body === reply),
    )
    expect(source.repliesTo('fake-lead-1')).toEqual([reply])

    // The new-lead alert, on the channel that takes it.
    const alert = await waitFor('the new-lead alert', async () =>
      hooks
        .requests()
        .map((request) => JSON.parse(request.body) as { type?: string; leadId?: string })
        .find((body) => body.type === 'lead.new' && body.leadId === 'fake-lead-1'),
    )
    expect(alert).toMatchObject({ clientId: ACME.clientId })

    // Nothing of it went to Yelp.
    expect(world.yelp.server.requests.list().filter((r) => r.path.includes('fake-lead-1'))).toEqual([])

    // The opportunity, in the mapped pipeline's first stage.
    const opportunity = await waitFor('the GHL opportunity', async () => opportunitiesOf(world, contactId)[0])
    expect(opportunity).toMatchObject({
      pipelineId: SAMPLE_MAPPING.pipelineId,
      pipelineStageId: SAMPLE_MAPPING.stages.new,
      contactId,
    })
  })
})
