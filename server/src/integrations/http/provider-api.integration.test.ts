import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { apiRequestLogs } from '../../db/schema.ts'
import {
  BUSINESS_ID,
  CLIENT_ID,
  type ConnectedWorld,
  FAST_RETRIES,
  LOCATION_ID,
  startConnectedWorld,
} from '../../testing/connected-world.ts'
import type { GhlClient } from '../ghl/ghl.client.ts'
import { NeedsReauthError } from '../oauth/token-manager.ts'
import { PermanentProviderError, ProviderTimeoutError, TransientProviderError } from './provider-errors.ts'

let w: ConnectedWorld
let contactId: string
let conversationId: string

beforeAll(async () => {
  w = await startConnectedWorld({ subscribe: false })
  const { contact } = await w.clients.ghl.upsertContact(CLIENT_ID, LOCATION_ID, {
    locationId: LOCATION_ID,
    firstName: 'Pat',
    email: 'pat@example.com',
  })
  contactId = contact.id
  conversationId = (await w.clients.ghl.createConversation(CLIENT_ID, LOCATION_ID, contactId)).id
})
afterAll(() => w?.close())
beforeEach(async () => {
  w.ghl.server.faults.clear()
  w.yelp.server.faults.clear()
  w.ghl.server.requests.clear()
  w.yelp.server.requests.clear()
  await w.db.delete(apiRequestLogs)
})

const ghlCalls = (path: string) => w.ghl.server.requests.list().filter((r) => r.path === path)
const yelpCalls = (path: string) => w.yelp.server.requests.list().filter((r) => r.path === path)
const loggedStatuses = async (endpointPart: string) =>
  (await w.db.select().from(apiRequestLogs).orderBy(asc(apiRequestLogs.id)))
    .filter((row) => row.endpoint.includes(endpointPart))
    .map((row) => row.statusCode)
const inboundMessages = (altId: string) => [...w.ghl.store.messages.values()].filter((m) => m.altId === altId)
const addInbound = (ghl: GhlClient, altId: string) =>
  ghl.addInboundMessage(CLIENT_ID, LOCATION_ID, {
    conversationId,
    contactId,
    message: `hello ${altId}`,
    altId,
  })

describe('retries', () => {
  it.each([
    ['GHL GET contact', 503, 'ghl', 'GET', '/contacts/*'],
    ['Yelp GET lead', 500, 'yelp', 'GET', '/v3/leads/*'],
  ] as const)(
    '%s: %i three times, then OK → one success, every attempt logged',
    async (_, status, sim, method, path) => {
      w[sim].server.faults.add({ method, path, status, times: 3 })
      if (sim === 'yelp') {
        const lead = await w.clients.yelpLeads.getLead(CLIENT_ID, 'lead-roof-repair')
        expect(lead.id).toBe('lead-roof-repair')
        expect(yelpCalls('/v3/leads/lead-roof-repair')).toHaveLength(4)
        expect(await loggedStatuses('/v3/leads/lead-roof-repair')).toEqual([status, status, status, 200])
      } else {
        expect((await w.clients.ghl.getContact(CLIENT_ID, LOCATION_ID, contactId))?.id).toBe(contactId)
        expect(await loggedStatuses(`/contacts/${contactId}`)).toEqual([status, status, status, 200])
      }
    },
  )

  it.each([500, 502, 503, 504])(
    'does not resend a POST inbound message GHL stored but answered %i: ProviderTimeoutError, one message',
    async (status) => {
      const altId = `alt-stored-${status}`
      w.ghl.server.faults.add({
        method: 'POST',
        path: '/conversations/messages/inbound',
        status,
        afterHandler: true,
      })
      const error = await addInbound(w.clients.ghl, altId).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ProviderTimeoutError)
      expect((error as Error).message).toMatch(
        new RegExp(`^POST /conversations/messages/inbound to ghl failed: ${status}.*it may have been done`),
      )
      expect(await loggedStatuses('/conversations/messages/inbound')).toEqual([status])
      expect(inboundMessages(altId)).toHaveLength(1)
    },
  )

  it('gives up after maxAttempts with a TransientProviderError naming the status', async () => {
    w.ghl.server.faults.add({ method: 'GET', path: '/contacts/*', status: 503, times: 4 })
    const error = await w.clients.ghl.getContact(CLIENT_ID, LOCATION_ID, contactId).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TransientProviderError)
    expect(error).not.toBeInstanceOf(ProviderTimeoutError)
    expect((error as Error).message).toBe(`GET /contacts/${contactId} to ghl failed: 503 Service Unavailable`)
    expect(ghlCalls(`/contacts/${contactId}`)).toHaveLength(4)
  })

  it('waits out a 429 as GHL’s rate headers say, then succeeds in one logical call', async () => {
    w.ghl.server.faults.add({
      path: '/contacts/search/duplicate',
      status: 429,
      body: { statusCode: 429, message: 'Too Many Requests' },
      headers: {
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Max': '100',
        'X-RateLimit-Interval-Milliseconds': '400',
      },
    })
    const started = Date.now()
    const found = await w.clients.ghl.searchDuplicate(CLIENT_ID, LOCATION_ID, { email: 'pat@example.com' })
    expect(found?.id).toBe(contactId)
    expect(Date.now() - started).toBeGreaterThanOrEqual(390)
    expect(await loggedStatuses('/contacts/search/duplicate')).toEqual([429, 200])
  })

  it('backs off on Yelp’s bare 429 (no rate headers) and succeeds', async () => {
    w.yelp.server.faults.add({ method: 'GET', path: '/v3/leads/*', status: 429, times: 2 })
    expect((await w.clients.yelpLeads.getLead(CLIENT_ID, 'lead-skylight')).id).toBe('lead-skylight')
    expect(await loggedStatuses('/v3/leads/lead-skylight')).toEqual([429, 429, 200])
  })

  it('fails a 4xx at once with the provider’s message, without retrying', async () => {
    const error = await w.clients.ghl
      .upsertContact(CLIENT_ID, LOCATION_ID, { locationId: LOCATION_ID, email: 'not-an-email' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PermanentProviderError)
    expect(error).toMatchObject({ status: 422, platform: 'ghl' })
    expect((error as Error).message).toBe(
      `Upserting a GoHighLevel contact in location ${LOCATION_ID} failed: 422 email must be an email`,
    )
    expect(ghlCalls('/contacts/upsert')).toHaveLength(1)
  })
})

describe('timeouts and broken connections', () => {
  const SHORT = { ...FAST_RETRIES, timeoutMs: 250 }

  it('retries a GET that answered too slowly', async () => {
    // Generous against a loaded machine: the retry itself must answer within the timeout.
    w.ghl.server.faults.add({ method: 'GET', path: '/contacts/*', delayMs: 3000 })
    const contact = await w
      .clientsWith({ ...SHORT, timeoutMs: 1500 })
      .ghl.getContact(CLIENT_ID, LOCATION_ID, contactId)
    expect(contact?.id).toBe(contactId)
    const rows = (await w.db.select().from(apiRequestLogs).orderBy(asc(apiRequestLogs.id))).filter((r) =>
      r.endpoint.endsWith(`/contacts/${contactId}`),
    )
    expect(rows.map((r) => [r.statusCode, r.error])).toEqual([
      [null, `GET /contacts/${contactId} to ghl failed: no answer within 1500 ms`],
      [200, null],
    ])
  })

  it('throws ProviderTimeoutError when every GET attempt times out', async () => {
    w.ghl.server.faults.add({ method: 'GET', path: '/contacts/*', delayMs: 600, times: 2 })
    const error = await w
      .clientsWith({ ...SHORT, maxAttempts: 2 })
      .ghl.getContact(CLIENT_ID, LOCATION_ID, contactId)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderTimeoutError)
    expect(error).toBeInstanceOf(TransientProviderError)
  })

  it.each([
    ['too slow', { delayMs: 700 }],
    ['connection dropped', { drop: true }],
  ])('does not resend a POST inbound message whose answer never came (%s)', async (label, fault) => {
    const altId = `alt-unanswered-${label}`
    w.ghl.server.faults.add({ method: 'POST', path: '/conversations/messages/inbound', ...fault })
    const error = await addInbound(w.clientsWith(SHORT).ghl, altId).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderTimeoutError)
    expect((error as Error).message).toMatch(/^POST \/conversations\/messages\/inbound to ghl failed: /)
    await new Promise((resolve) => setTimeout(resolve, 800))
    // One attempt only, however long we wait: a resend could add the message twice.
    expect(await loggedStatuses('/conversations/messages/inbound')).toEqual([null])
    expect(ghlCalls('/conversations/messages/inbound').length).toBeLessThanOrEqual(1)
    expect(inboundMessages(altId).length).toBeLessThanOrEqual(1)
  })

  it('resends a GET whose connection dropped', async () => {
    w.ghl.server.faults.add({ method: 'GET', path: '/contacts/*', drop: true })
    expect((await w.clients.ghl.getContact(CLIENT_ID, LOCATION_ID, contactId))?.id).toBe(contactId)
    expect(ghlCalls(`/contacts/${contactId}`).map((r) => r.dropped)).toEqual([true, false])
  })
})

describe('expired tokens', () => {
  it('refreshes an expired GHL token exactly once, then succeeds', async () => {
    w.ghl.server.clock.advance(86_400_000)
    expect((await w.clients.ghl.getContact(CLIENT_ID, LOCATION_ID, contactId))?.id).toBe(contactId)
    expect(ghlCalls('/oauth/token')).toHaveLength(1)
    expect(ghlCalls(`/contacts/${contactId}`).map((r) => r.status)).toEqual([401, 200])
  })

  it('refreshes an expired Yelp token exactly once (v3 endpoint), then succeeds', async () => {
    w.yelp.server.clock.advance(7 * 86_400_000 + 1000)
    expect((await w.clients.yelpLeads.getLead(CLIENT_ID, 'lead-roof-repair')).business_id).toBe(BUSINESS_ID)
    expect(yelpCalls('/oauth2/token/v3')).toHaveLength(1)
    expect(yelpCalls('/v3/leads/lead-roof-repair').map((r) => r.status)).toEqual([401, 200])
  })

  it('reports a token endpoint that fails with 5xx as transient, and refreshes on the next call', async () => {
    w.ghl.server.clock.advance(86_400_000)
    w.ghl.server.faults.add({ method: 'POST', path: '/oauth/token', status: 503 })
    const error = await w.clients.ghl.getContact(CLIENT_ID, LOCATION_ID, contactId).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TransientProviderError)
    expect(error).toMatchObject({ platform: 'ghl' })
    expect((await w.clients.ghl.getContact(CLIENT_ID, LOCATION_ID, contactId))?.id).toBe(contactId)
    expect(ghlCalls('/oauth/token').map((r) => r.status)).toEqual([503, 200])
  })

  it.each([
    ['in one process', () => [w.clients, w.clients]],
    ['in two processes', () => [w.clients, w.clientsWith(FAST_RETRIES, w.newTokenManager())]],
  ])('makes one refresh call for two calls that need it at once (%s)', async (_, pick) => {
    const [first, second] = pick()
    w.ghl.server.clock.advance(86_400_000)
    const [contact, conversation] = await Promise.all([
      first?.ghl.getContact(CLIENT_ID, LOCATION_ID, contactId),
      second?.ghl.findConversation(CLIENT_ID, LOCATION_ID, contactId),
    ])
    expect(contact?.id).toBe(contactId)
    expect(conversation).toEqual({ id: conversationId })
    expect(ghlCalls('/oauth/token')).toHaveLength(1)
  })
})

describe('request log', () => {
  it('records every call with Authorization and tokens redacted', async () => {
    await w.clients.ghl.getContact(CLIENT_ID, LOCATION_ID, contactId)
    await w.clients.yelpLeads.getLead(CLIENT_ID, 'lead-roof-repair')
    const rows = await w.db.select().from(apiRequestLogs).where(eq(apiRequestLogs.clientId, CLIENT_ID))
    expect(rows.map((r) => r.platform).sort()).toEqual(['ghl', 'yelp'])
    for (const row of rows) {
      expect(row.requestHeaders).toMatchObject({ authorization: '[redacted]' })
      expect(row.duration).toBeGreaterThanOrEqual(0)
    }
    const secrets = [await w.tokens.ghlAccessToken(CLIENT_ID), await w.tokens.yelpAccessToken(CLIENT_ID)]
    const everything = JSON.stringify(await w.db.select().from(apiRequestLogs))
    for (const secret of secrets) expect(everything).not.toContain(secret)
    // The simulator did receive the real token.
    expect(ghlCalls(`/contacts/${contactId}`)[0]?.headers.authorization).toBe(`Bearer ${secrets[0]}`)
  })
})

// Last: it ends the GHL connection.
describe('refused refresh', () => {
  it('throws NeedsReauthError after one refused refresh, and makes no further calls', async () => {
    await fetch(`${w.ghl.url}/__sim/ghl/locations/${LOCATION_ID}/revoke-tokens`, { method: 'POST' })
    const error = await w.clients.ghl.getContact(CLIENT_ID, LOCATION_ID, contactId).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NeedsReauthError)
    expect(ghlCalls('/oauth/token')).toHaveLength(1)
    expect(ghlCalls(`/contacts/${contactId}`)).toHaveLength(1)

    const again = await w.clients.ghl
      .findConversation(CLIENT_ID, LOCATION_ID, contactId)
      .catch((e: unknown) => e)
    expect(again).toBeInstanceOf(NeedsReauthError)
    expect(w.ghl.server.requests.list()).toHaveLength(2)
  })
})
