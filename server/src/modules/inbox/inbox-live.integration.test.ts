import { leadDetailSchema, leadListSchema } from '@common/leads.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ACME,
  type ConnectedWorld,
  contactOf,
  type SimContact,
  startConnectedWorld,
} from '../../testing/connected-world.ts'
import { EventStreamClient } from '../../testing/event-stream-client.ts'
import { SessionClient } from '../../testing/session-client.ts'
import { waitFor } from '../../testing/wait-for.ts'

// The inbox against the running engine and both simulators over HTTP: live changes
// (GET /api/events), replies typed in the hub and contact edits reaching GHL
// (docs/spec/product.md §2 and §6.1).

let world: ConnectedWorld
let outsider: SessionClient

beforeAll(async () => {
  world = await startConnectedWorld()
  expect((await world.admin.post('/api/clients', { clientId: 'bravo', name: 'Bravo Plumbing' })).status).toBe(
    201,
  )
  const user = await world.admin.post('/api/users', {
    username: 'otto',
    password: 'secret-123',
    role: 'operator',
  })
  const { id } = user.body as { id: number }
  expect((await world.admin.post(`/api/users/${id}/clients/bravo`, { permissions: {} })).status).toBe(200)
  outsider = new SessionClient(world.server.url)
  await outsider.login('otto', 'secret-123')
  world.sims.newLead('live-1', { consumerName: 'Rita Moreno' })
  await waitFor('the first lead in the inbox', async () => {
    const list = leadListSchema.parse((await world.admin.get('/api/leads')).body)
    return list.some((lead) => lead.leadId === 'live-1')
  })
  // Its sync finished (forwarded to GHL): a message now starts a sync of its own at once.
  await waitFor('the first message in GHL', async () => (await world.sims.ghlMessages()).length > 0)
})
let isClosed = false
afterAll(async () => {
  if (!isClosed) await world?.close()
})

async function detail(leadId: string) {
  const response = await world.admin.get(`/api/leads/${leadId}`)
  expect(response.status, response.text).toBe(200)
  return leadDetailSchema.parse(response.body)
}

describe('GET /api/events', () => {
  it('announces a new consumer message within 2 s, to those who may see its client only', async () => {
    const admin = await EventStreamClient.open(world.server.url, world.admin.sessionCookie)
    const other = await EventStreamClient.open(world.server.url, outsider.sessionCookie)
    expect(admin.status).toBe(200)
    expect(other.status).toBe(200)
    const sentAt = Date.now()
    world.sims.consumerMessage('live-1', 'Is Friday possible?')
    const event = await admin.waitFor(
      (e) =>
        e.event === 'change' &&
        JSON.parse(e.data).topic === 'leads' &&
        JSON.parse(e.data).leadId === 'live-1',
      2000,
    )
    expect(Date.now() - sentAt).toBeLessThan(2000)
    expect(JSON.parse(event.data)).toEqual({ topic: 'leads', clientId: ACME.clientId, leadId: 'live-1' })
    expect(event.id).toMatch(/^[0-9a-f]{8}-\d+$/)
    await admin.waitFor((e) => e.event === 'change' && JSON.parse(e.data).topic === 'clients', 2000)
    // The message is there for whoever reloads on that event.
    expect((await detail('live-1')).events.map((e) => e.event_content?.text)).toContain('Is Friday possible?')
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(other.changes().filter((c) => c.clientId === ACME.clientId)).toEqual([])
    admin.close()
    other.close()
  })

  it('401 without a session', async () => {
    const anonymous = await EventStreamClient.open(world.server.url, null)
    expect(anonymous.status).toBe(401)
  })

  it('replays what a reconnecting browser missed, and asks a stranger id to resync', async () => {
    const first = await EventStreamClient.open(world.server.url, world.admin.sessionCookie)
    const response = await world.admin.request('PATCH', '/api/leads/live-1/status', {
      json: { status: 'contacted' },
    })
    expect(response.status).toBe(200)
    const seen = await first.waitFor((e) => e.event === 'change', 2000)
    first.close()
    await world.admin.request('PATCH', '/api/leads/live-1/status', { json: { status: 'new' } })
    await new Promise((resolve) => setTimeout(resolve, 300))
    const again = await EventStreamClient.open(world.server.url, world.admin.sessionCookie, {
      lastEventId: seen.id,
    })
    await again.waitFor((e) => e.event === 'change' && e.id !== seen.id, 2000)
    expect(again.events.some((e) => e.event === 'resync')).toBe(false)
    again.close()
    const stranger = await EventStreamClient.open(world.server.url, world.admin.sessionCookie, {
      lastEventId: 'deadbeef-12',
    })
    await stranger.waitFor((e) => e.event === 'resync', 2000)
    stranger.close()
  })
})

describe('POST /api/leads/{leadId}/reply', () => {
  it('goes to Yelp once, shows sent, is mirrored into GHL as outbound once, and its echo is not forwarded', async () => {
    const stream = await EventStreamClient.open(world.server.url, world.admin.sessionCookie)
    const text = 'Friday at 9 works, see you then'
    const response = await world.admin.post('/api/leads/live-1/reply', { text })
    expect(response.status, response.text).toBe(202)
    const { messageId } = response.body as { messageId: number }
    expect(messageId).toBeGreaterThan(0)
    const pending = await detail('live-1')
    expect(pending.replies).toEqual([expect.objectContaining({ messageId, text })])
    const sent = await waitFor('the reply sent', async () => {
      const reply = (await detail('live-1')).replies.find((r) => r.messageId === messageId)
      return reply?.status === 'success' ? reply : null
    })
    expect(sent.error).toBeNull()
    // Yelp holds it once, as the business's text.
    const yelp = await world.sims.yelpLead('live-1')
    expect(yelp.events.filter((e) => e.event_content.text === text)).toEqual([
      expect.objectContaining({ user_type: 'BIZ' }),
    ])
    // Yelp's echo comes back as a webhook; the lead then shows it as its last message.
    await waitFor(
      'the echo stored on the lead',
      async () => (await detail('live-1')).lastMessage === 'outbound',
    )
    await stream.waitFor((e) => e.event === 'change' && JSON.parse(e.data).topic === 'messages', 2000)
    const contactId = await contactOf(world.db, 'live-1')
    await waitFor('the GHL mirror', async () =>
      (await world.sims.ghlMessages()).some((m) => m.body === text && m.contactId === contactId),
    )
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const mirrored = (await world.sims.ghlMessages()).filter((m) => m.body === text)
    expect(mirrored).toHaveLength(1)
    expect(mirrored[0]).toMatchObject({ direction: 'outbound', contactId })
    // Never GHL's send-message call (it would text the customer and come back through /reply).
    expect(world.sims.ghlRequests('POST', '/conversations/messages')).toEqual([])
    stream.close()
  })

  it('shows a refused reply as failed with Yelp’s reason, and a retry sends it', async () => {
    world.yelp.server.faults.add({ method: 'POST', path: '/v3/leads/*/events', status: 400, times: 1 })
    const text = 'Could you send photos of the roof?'
    const response = await world.admin.post('/api/leads/live-1/reply', { text })
    expect(response.status).toBe(202)
    const { messageId } = response.body as { messageId: number }
    const failed = await waitFor('the reply failed', async () => {
      const reply = (await detail('live-1')).replies.find((r) => r.messageId === messageId)
      return reply?.status === 'error' ? reply : null
    })
    expect(failed.error).toMatch(/400/)
    expect((await world.sims.yelpLead('live-1')).events.filter((e) => e.event_content.text === text)).toEqual(
      [],
    )
    const retry = await world.admin.post(`/api/leads/live-1/replies/${messageId}/retry`)
    expect(retry.status, retry.text).toBe(202)
    await waitFor('the retried reply sent', async () => {
      const reply = (await detail('live-1')).replies.find((r) => r.messageId === messageId)
      return reply?.status === 'success'
    })
    expect(
      (await world.sims.yelpLead('live-1')).events.filter((e) => e.event_content.text === text),
    ).toHaveLength(1)
    const again = await world.admin.post(`/api/leads/live-1/replies/${messageId}/retry`)
    expect(again.status).toBe(409)
  })
})

describe('PATCH /api/leads/{leadId}/contact', () => {
  it('updates the GHL contact through the engine', async () => {
    const response = await world.admin.request('PATCH', '/api/leads/live-1/contact', {
      json: { email: 'rita@example.com', phone: '+1 415 555 0123' },
    })
    expect(response.status, response.text).toBe(200)
    const contactId = await contactOf(world.db, 'live-1')
    const contact = await waitFor('the GHL contact updated', async () =>
      (await world.sims.ghlContacts()).find(
        (c: SimContact) => c.id === contactId && c.email === 'rita@example.com',
      ),
    )
    expect(contact.phone).toMatch(/415\D*555\D*0123/)
  })
})

describe('shutdown', () => {
  it('stops promptly while a browser still holds a stream open', async () => {
    const stream = await EventStreamClient.open(world.server.url, world.admin.sessionCookie)
    expect(stream.status).toBe(200)
    const started = Date.now()
    isClosed = true
    await world.close()
    expect(Date.now() - started).toBeLessThan(15_000)
    stream.close()
  })
})
