import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { credentialLeases, ghlContacts, leads, messages, parkedJobs, yelpEventClaims } from '../db/schema.ts'
import { parkJob } from '../repositories/parked-jobs.repository.ts'
import { ACME, type ConnectedWorld, startConnectedWorld } from '../testing/connected-world.ts'
import { sleep, waitFor } from '../testing/wait-for.ts'
import { QUEUES } from './queue/queues.ts'

// Parked jobs and deleted clients (docs/decisions/0004, amended), over real HTTP against both simulators.
let world: ConnectedWorld
beforeAll(async () => {
  world = await startConnectedWorld()
})
afterAll(() => world?.close())

const engine = () => {
  const found = world.server.server.engine
  if (!found) throw new Error('no engine')
  return found
}

/** A fresh GHL grant for acme's location, as an operator would paste it (PUT ghlTokens). */
async function freshGhlGrant(): Promise<{ accessToken: string; refreshToken: string; locationId: string }> {
  const env = world.ghl.env()
  const redirectUri = `${world.server.url}/api/ghl/callback`
  const authorize = new URL(`${world.ghl.url}/oauth/chooselocation`)
  authorize.search = new URLSearchParams({
    client_id: env.GHL_CLIENT_ID ?? '',
    response_type: 'code',
    redirect_uri: redirectUri,
  }).toString()
  const redirect = await fetch(authorize, { redirect: 'manual' })
  const code = new URL(redirect.headers.get('location') ?? '').searchParams.get('code') ?? ''
  const token = await fetch(`${world.ghl.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: env.GHL_CLIENT_ID ?? '',
      client_secret: env.GHL_CLIENT_SECRET ?? '',
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      user_type: 'Location',
    }),
  })
  expect(token.status, await token.clone().text()).toBe(200)
  const body = (await token.json()) as { access_token: string; refresh_token: string; locationId: string }
  return { accessToken: body.access_token, refreshToken: body.refresh_token, locationId: body.locationId }
}

describe('parked jobs', () => {
  it('are re-queued once when two un-parks race (a reconnect and a worker)', async () => {
    for (const n of [1, 2, 3]) {
      await parkJob(world.db, {
        clientId: 'race-client',
        provider: 'ghl',
        queue: QUEUES.contactSync,
        data: { clientId: 'race-client', n },
        reason: 'test',
      })
    }
    const counts = await Promise.all([
      engine().unpark('race-client', 'ghl'),
      engine().unpark('race-client', 'ghl'),
      engine().unpark('race-client', 'ghl'),
    ])
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3)
    // Not left to run: their client does not exist.
    await world.db.execute(
      sql`update pgboss.job set state = 'cancelled' where data->>'clientId' = 'race-client'`,
    )
  })

  it('are re-queued when an operator saves new GHL tokens', { timeout: 120_000 }, async () => {
    const eventId = world.sims.newLead('lead-parked')
    await waitFor('lead-parked in GHL', async () => (await world.sims.ghlMessagesFor([eventId])).length === 1)
    await fetch(`${world.ghl.url}/__sim/ghl/locations/${ACME.location}/revoke-tokens`, { method: 'POST' })
    const waiting = world.sims.consumerMessage('lead-parked', 'Still there?')
    await waitFor('the job parked', async () => {
      const rows = await world.db.select().from(parkedJobs).where(eq(parkedJobs.clientId, ACME.clientId))
      return rows.length > 0
    })
    const saved = await world.admin.request('PUT', `/api/clients/${ACME.clientId}`, {
      json: { ghlTokens: await freshGhlGrant() },
    })
    expect(saved.status, saved.text).toBe(200)
    await waitFor(
      'the parked message in GHL',
      async () => (await world.sims.ghlMessagesFor([waiting])).length === 1,
    )
    expect(await world.db.select().from(parkedJobs).where(eq(parkedJobs.clientId, ACME.clientId))).toEqual([])
  })
})

describe('deleting a client', () => {
  it('cancels its jobs, removes its rows, and a sync already running writes nothing after', {
    timeout: 120_000,
  }, async () => {
    const eventId = world.sims.newLead('lead-doomed')
    await waitFor('lead-doomed in GHL', async () => (await world.sims.ghlMessagesFor([eventId])).length === 1)
    // A sync that is reading Yelp's events (then writes the lead) when the client is deleted.
    world.yelp.server.faults.add({ method: 'GET', path: '/v3/leads/lead-doomed/events', delayMs: 3000 })
    world.ghl.server.faults.add({ method: 'POST', path: '/conversations/messages/inbound', delayMs: 3000 })
    const pending = world.sims.consumerMessage('lead-doomed', 'Delete me?')
    await world.sims.postWebhook([{ leadId: 'lead-doomed', eventId: pending, eventType: 'NEW_EVENT' }])
    await waitFor('the sync running', async () => {
      const active = await world.db.execute(
        sql`select count(*)::int as n from pgboss.job where state = 'active' and data->>'clientId' = ${ACME.clientId}`,
      )
      return Number((active as unknown as { rows: Array<{ n: number }> }).rows[0]?.n) > 0
    })
    await parkJob(world.db, {
      clientId: ACME.clientId,
      provider: 'ghl',
      queue: QUEUES.leadSync,
      data: { clientId: ACME.clientId, leadId: 'lead-doomed', reason: 'retry' },
      reason: 'test',
    })
    await world.db.insert(credentialLeases).values({
      key: `lead:${ACME.clientId}:lead-other`,
      holder: 'h',
      expiresAt: new Date(Date.now() + 60_000),
    })

    const deleted = await world.admin.request('DELETE', `/api/clients/${ACME.clientId}`)
    expect(deleted.status, deleted.text).toBeLessThan(300)
    // Let the running sync finish its provider calls and try to write.
    await sleep(8000)
    const left = async () => ({
      leads: await world.db.select().from(leads).where(eq(leads.clientId, ACME.clientId)),
      contacts: await world.db.select().from(ghlContacts).where(eq(ghlContacts.clientId, ACME.clientId)),
      messages: await world.db.select().from(messages).where(eq(messages.clientId, ACME.clientId)),
      claims: await world.db
        .select()
        .from(yelpEventClaims)
        .where(eq(yelpEventClaims.clientId, ACME.clientId)),
      parked: await world.db.select().from(parkedJobs).where(eq(parkedJobs.clientId, ACME.clientId)),
      leases: (await world.db.select().from(credentialLeases)).filter((l) =>
        l.key.includes(`:${ACME.clientId}:`),
      ),
    })
    expect(await left()).toEqual({
      leads: [],
      contacts: [],
      messages: [],
      claims: [],
      parked: [],
      leases: [],
    })
    const jobs = await world.db.execute(
      sql`select state from pgboss.job where data->>'clientId' = ${ACME.clientId} and state in ('created', 'retry', 'active')`,
    )
    expect((jobs as unknown as { rows: unknown[] }).rows).toEqual([])
  })
})
