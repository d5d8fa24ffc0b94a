import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { leads, messages } from '../db/schema.ts'
import {
  ACME,
  type ConnectedWorld,
  contactOf,
  FAST_RETRIES,
  messageRow,
  type SimContact,
  startConnectedWorld,
} from '../testing/connected-world.ts'
import { waitFor } from '../testing/wait-for.ts'

// A person's words outlast a provider outage: every job that carries them (a GHL reply, an inbox
// reply, an inbox contact edit, a read receipt) is rescheduled for 24 h, and a reply that still
// dies then is marked `error` — retryable from the inbox — and, for a GHL reply, reported `failed`
// to GHL (docs/decisions/0016-jobs-as-declarations.md). Rescheduling backoff starts at 50 ms here,
// so an outage longer than pg-boss's own eight retries takes a few seconds.

async function storedLead(world: ConnectedWorld, leadId: string): Promise<void> {
  world.sims.newLead(leadId)
  await waitFor('the lead stored and in GHL', async () => {
    const [row] = await world.db.select().from(leads).where(eq(leads.leadId, leadId))
    return Boolean(row) && Boolean(await contactOf(world.db, leadId))
  })
}

async function messageStatus(world: ConnectedWorld, id: number): Promise<string | null> {
  const [row] = await world.db.select().from(messages).where(eq(messages.id, id))
  return row?.status ?? null
}

describe('through an outage longer than pg-boss’s retries', () => {
  let world: ConnectedWorld
  beforeAll(async () => {
    world = await startConnectedWorld({
      core: { providerApi: FAST_RETRIES, engine: { retryBaseMs: 50, retryMaxMs: 200 } },
    })
  })
  afterAll(() => world?.close())

  it('an inbox reply is delivered once Yelp is back', { timeout: 90_000 }, async () => {
    await storedLead(world, 'outage-inbox')
    // Each refusal is one failed run of the job: twenty are more than pg-boss's eight retries.
    world.yelp.server.faults.add({
      method: 'POST',
      path: '/v3/leads/outage-inbox/events',
      status: 503,
      times: 20,
    })
    const { messageId } = await world.admin.call<{ messageId: number }>(
      'reply from the inbox',
      'POST',
      '/api/leads/outage-inbox/reply',
      { text: 'See you at three.' },
    )
    await waitFor(
      'the reply delivered',
      async () => (await messageStatus(world, messageId)) === 'success',
      60_000,
    )
    expect(world.yelp.server.faults.list()).toHaveLength(0)
  })

  it('an inbox contact edit reaches GHL once GHL is back', { timeout: 90_000 }, async () => {
    await storedLead(world, 'outage-contact')
    const contactId = await contactOf(world.db, 'outage-contact')
    // Four tries per run (FAST_RETRIES): forty refusals are ten failed runs.
    world.ghl.server.faults.add({ method: 'PUT', path: `/contacts/${contactId}`, status: 503, times: 40 })
    const response = await world.admin.request('PATCH', '/api/leads/outage-contact/contact', {
      json: { email: 'outage@example.com' },
    })
    expect(response.status, response.text).toBe(200)
    await waitFor(
      'the GHL contact updated',
      async () =>
        (await world.sims.ghlContacts()).find(
          (c: SimContact) => c.id === contactId && c.email === 'outage@example.com',
        ),
      60_000,
    )
    expect(world.ghl.server.faults.list()).toHaveLength(0)
  })
})

describe('past the retry horizon', () => {
  let world: ConnectedWorld
  beforeAll(async () => {
    world = await startConnectedWorld({
      core: {
        providerApi: FAST_RETRIES,
        engine: { retryBaseMs: 50, retryMaxMs: 200, retryHorizonMs: 1500 },
      },
    })
  })
  afterAll(() => world?.close())

  it('a GHL reply is marked error and reported failed to GHL', { timeout: 60_000 }, async () => {
    await storedLead(world, 'dies-ghl')
    world.yelp.server.faults.add({
      method: 'POST',
      path: '/v3/leads/dies-ghl/events',
      status: 503,
      times: 1000,
    })
    const contactId = await contactOf(world.db, 'dies-ghl')
    if (!contactId) throw new Error('no contact')
    const sent = await world.ghl.simulateUserReply({
      locationId: ACME.location,
      contactId,
      message: 'Are you still there?',
    })
    world.ghl.server.clock.advance(6000)
    await waitFor(
      'reported failed to GHL',
      async () => (await world.sims.ghlMessages()).find((m) => m.id === sent.messageId)?.status === 'failed',
      30_000,
    )
    expect((await messageRow(world.db, `ghl:${sent.messageId}`))?.status).toBe('error')
    world.yelp.server.faults.clear()
  })

  it('an inbox reply is marked error, and the inbox’s Retry delivers it', { timeout: 60_000 }, async () => {
    await storedLead(world, 'dies-inbox')
    world.yelp.server.faults.add({
      method: 'POST',
      path: '/v3/leads/dies-inbox/events',
      status: 503,
      times: 1000,
    })
    const { messageId } = await world.admin.call<{ messageId: number }>(
      'reply from the inbox',
      'POST',
      '/api/leads/dies-inbox/reply',
      { text: 'Still on for Friday?' },
    )
    await waitFor(
      'the reply marked error',
      async () => (await messageStatus(world, messageId)) === 'error',
      30_000,
    )
    world.yelp.server.faults.clear()
    await world.admin.call('retry the reply', 'POST', `/api/leads/dies-inbox/replies/${messageId}/retry`)
    await waitFor('the reply delivered', async () => (await messageStatus(world, messageId)) === 'success')
  })
})
