import { contactSyncStatusSchema } from '@common/contacts.ts'
import { importStatusSchema } from '@common/imports.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SAMPLE_IDS } from '../../../sim/yelp/yelp-sample.fixture.ts'
import { ACME, type ConnectedWorld, type SimDriver, startConnectedWorld } from '../testing/connected-world.ts'
import { sleep, waitFor } from '../testing/wait-for.ts'
import { QUEUES } from './queue/queues.ts'

// Historical import, contact sync and reconcile over real HTTP against both simulators: the
// sample business's three leads (yelp-sample.fixture.ts) predate the hub and sent no webhooks.
let world: ConnectedWorld
let sims: SimDriver

beforeAll(async () => {
  world = await startConnectedWorld()
  sims = world.sims
})
afterAll(() => world?.close())

/**
 * A lead's events that are messages (opt-in/out events are not forwarded), one per id: a text
 * with photos is a TEXT and an ATTACHMENT_GROUPING sharing one id (docs/providers/yelp.md §1), one message.
 */
async function messageEvents(leadId: string) {
  const events = (await sims.yelpLead(leadId)).events.filter(
    (e) => !e.event_type.includes('PHONE_NUMBER_OPT'),
  )
  return [...new Map(events.map((e) => [e.id, e])).values()]
}

describe('historical import', () => {
  it('stores every lead of the business and forwards all their messages once', async () => {
    const before = importStatusSchema.parse(
      (await world.admin.get(`/api/clients/${ACME.clientId}/import-status`)).body,
    )
    expect(before).toMatchObject({ status: 'never', storedLeads: 0 })
    const started = await world.admin.post('/api/import-historical-leads', { clientId: ACME.clientId })
    expect(started.status, started.text).toBe(200)
    expect(started.body).toEqual({ businessId: ACME.business, status: 'started' })

    const done = await waitFor('the import to complete', async () => {
      const status = importStatusSchema.parse(
        (await world.admin.get(`/api/clients/${ACME.clientId}/import-status`)).body,
      )
      return status.status === 'completed' && status.storedLeads === 3 ? status : null
    })
    expect(done).toMatchObject({ businessId: ACME.business, leadsFound: 3, leadsQueued: 3, error: null })

    const events = (await Promise.all(SAMPLE_IDS.leadIds.map(messageEvents))).flat()
    const ids = events.map((e) => e.id)
    await waitFor('every message in GHL', async () => (await sims.ghlMessagesFor(ids)).length >= ids.length)
    await sleep(500)
    const forwarded = await sims.ghlMessagesFor(ids)
    expect(forwarded).toHaveLength(ids.length)
    // The reply typed on Yelp itself goes in as outbound, the consumer's messages as inbound.
    for (const event of events) {
      const message = forwarded.find((m) => m.altId === event.id)
      expect(message?.direction).toBe(event.user_type === 'BIZ' ? 'outbound' : 'inbound')
    }
    expect(await sims.ghlContacts()).toHaveLength(3)
    // The photo of the pair travels with its text, as a URL.
    const grouping = (await sims.yelpLead(SAMPLE_IDS.leadIds[0])).events.find(
      (e) => e.event_type === 'ATTACHMENT_GROUPING',
    ) as { id: string; event_content: { attachments?: Array<{ url: string }> } } | undefined
    const photo = grouping?.event_content.attachments?.[0]?.url
    expect(photo).toBeTruthy()
    const withPhoto = forwarded.find((m) => m.altId === grouping?.id) as unknown as { attachments?: string[] }
    expect(withPhoto.attachments).toEqual([photo])
  })

  it('answers 400 for a client without a Yelp business and 404 for an unknown one', async () => {
    expect((await world.admin.post('/api/clients', { clientId: 'bare', name: 'Bare Co' })).status).toBe(201)
    const bare = await world.admin.post('/api/import-historical-leads', { clientId: 'bare' })
    expect(bare.status).toBe(400)
    expect((bare.body as { error: string }).error).toMatch(/clientId/)
    expect((await world.admin.post('/api/import-historical-leads', { clientId: 'nobody' })).status).toBe(404)
    expect((await world.admin.post('/api/import-historical-leads', {})).status).toBe(400)
  })
})

describe('contact sync', () => {
  it('upserts every stored lead’s contact and reports the counts, changing nothing twice', async () => {
    const messagesBefore = (await sims.ghlMessages()).length
    const synced = await world.admin.post(`/api/clients/${ACME.clientId}/ghl/sync-contacts`)
    expect(synced.status, synced.text).toBe(202)
    const done = await waitFor('the contact sync to finish', async () => {
      const status = contactSyncStatusSchema.parse(
        (await world.admin.get(`/api/clients/${ACME.clientId}/ghl/contact-sync-status`)).body,
      )
      return status.status === 'completed' ? status : null
    })
    expect(done).toMatchObject({ success: 3, errors: 0, failures: [] })
    expect(await sims.ghlContacts()).toHaveLength(3)
    expect((await sims.ghlMessages()).length).toBe(messagesBefore)
  })

  it('refuses a client whose GoHighLevel is not connected', async () => {
    const response = await world.admin.post('/api/clients/bare/ghl/sync-contacts')
    expect(response.status).toBe(400)
  })
})

describe('reconcile', () => {
  it('imports a lead whose webhook was lost, and nothing twice', async () => {
    const lost = sims.newLead('lead-lost-webhook', { notify: false })
    const later = sims.consumerMessage(SAMPLE_IDS.leadIds[1], 'One more question about the gutters')
    // That message's webhook did go out; the reconcile must not forward it again.
    await waitFor('the message with a webhook', async () => (await sims.ghlMessagesFor([later])).length === 1)
    await sleep(1000)
    expect(await sims.ghlMessagesFor([lost])).toHaveLength(0)

    const { server } = world.server
    expect(await server.boss.send(QUEUES.reconcile, {})).toBeTruthy()
    server.engine?.wake(QUEUES.reconcile)
    await waitFor('the lost lead in GHL', async () => (await sims.ghlMessagesFor([lost])).length === 1)
    await sleep(1500)
    const all = (await Promise.all([...SAMPLE_IDS.leadIds, 'lead-lost-webhook'].map(messageEvents))).flat()
    const forwarded = await sims.ghlMessagesFor(all.map((e) => e.id))
    expect(forwarded).toHaveLength(all.length)
    expect(new Set(forwarded.map((m) => m.altId)).size).toBe(all.length)
  })
})

describe('reconcile when nothing is new', () => {
  it('reads each stored lead’s new events only: no lead re-read, no GHL call', {
    timeout: 90_000,
  }, async () => {
    const { server } = world.server
    const idle = async () => {
      const result = (await server.database.execute(
        `select count(*)::int as n from pgboss.job where name in ('${QUEUES.leadSync}', '${QUEUES.leadSyncBulk}') and state in ('created', 'retry', 'active')`,
      )) as { rows: Array<{ n: number }> }
      return Number(result.rows[0]?.n) === 0
    }
    await waitFor('the queue idle', idle, 60_000)
    const ghlBefore = world.ghl.server.requests.list().length
    const yelpBefore = world.yelp.server.requests.list().length
    expect(await server.boss.send(QUEUES.reconcile, {})).toBeTruthy()
    server.engine?.wake(QUEUES.reconcile)
    await sleep(1000)
    await waitFor('the queue idle again', idle, 60_000)
    await sleep(1000)
    const yelpCalls = world.yelp.server.requests.list().slice(yelpBefore)
    const stored = [...SAMPLE_IDS.leadIds, 'lead-lost-webhook']
    expect(world.ghl.server.requests.list().slice(ghlBefore)).toEqual([])
    expect(yelpCalls.filter((r) => /^\/v3\/leads\/[^/]+$/.test(r.path))).toEqual([])
    expect(yelpCalls.filter((r) => r.path.endsWith('/events')).length).toBeLessThanOrEqual(stored.length)
  })
})
