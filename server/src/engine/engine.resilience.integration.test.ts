import { desc, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiRequestLogs, systemSettings, webhookLogs } from '../db/schema.ts'
import {
  ACME,
  type ConnectedWorld,
  contactOf,
  messageRow,
  type SimDriver,
  startConnectedWorld,
} from '../testing/connected-world.ts'
import { sleep, waitFor } from '../testing/wait-for.ts'

// The engine when providers misbehave, over real HTTP against both simulators: rate limits,
// timeouts, expired and refused tokens, permanent refusals, and bad webhooks. The provider
// timeout is cut to 1.5 s so a "slower than the timeout" answer costs seconds, not 15 s each.
const TIMEOUT_MS = 1500
const SLOWER_THAN_TIMEOUT_MS = 2500
const WEEK_MS = 7 * 24 * 3600_000

let world: ConnectedWorld
let sims: SimDriver

beforeAll(async () => {
  world = await startConnectedWorld({ core: { providerApi: { timeoutMs: TIMEOUT_MS } } })
  sims = world.sims
})
afterAll(() => world?.close())

/** A lead whose first message went through to GHL; returns its first event id. */
async function forwardedLead(leadId: string): Promise<string> {
  const eventId = sims.newLead(leadId)
  await waitFor(`${leadId} in GHL`, async () => (await sims.ghlMessagesFor([eventId])).length === 1)
  return eventId
}

/**
 * GHL inbound-message requests after the `mark`-th request the simulator logged. An injected
 * status answers before the body is read, so those requests are found by position, not altId.
 */
function inboundPostsSince(mark: number) {
  return world.ghl.server.requests
    .list()
    .slice(mark)
    .filter((r) => r.method === 'POST' && r.path === '/conversations/messages/inbound')
}
const ghlMark = () => world.ghl.server.requests.list().length

/** As a GHL user deleting a conversation: its messages go with it. */
function deleteConversationsOf(contactId: string) {
  const store = world.ghl.store
  for (const conversation of [...store.conversations.values()]) {
    if (conversation.contactId !== contactId) continue
    store.conversations.delete(conversation.id)
    for (const message of [...store.messages.values()])
      if (message.conversationId === conversation.id) store.messages.delete(message.id)
  }
}

async function webhookLogRows() {
  return world.db.select().from(webhookLogs).orderBy(desc(webhookLogs.id))
}

describe('Yelp webhook ingress', () => {
  const post = (body: string, url = sims.webhookUrl(), headers: Record<string, string> = {}) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })
  const notOurs = JSON.stringify({
    data: { id: 'not-ours', updates: [{ event_type: 'NEW_EVENT', lead_id: 'x' }] },
  })

  // First in the file: the secret is read through a 10 s cache, and no webhook has filled it yet.
  // It stays set for the rest of the file; Yelp's deliveries carry it in the URL, as configured.
  it('with a webhook secret set, refuses (401, logged) deliveries without it and takes them with it', async () => {
    await world.db.insert(systemSettings).values({ key: 'webhookSecret', value: 's3cret-value' })
    const refused = await waitFor(
      'the secret to be enforced',
      async () => {
        const response = await post(notOurs, `${world.server.url}/yelp/webhook`)
        return response.status === 401 ? response : null
      },
      12_000,
    )
    expect(await refused.json()).toEqual({ error: 'Webhook secret missing or wrong' })
    expect((await webhookLogRows())[0]).toMatchObject({
      statusCode: 401,
      error: 'Webhook secret missing or wrong',
    })
    expect((await post(notOurs, `${world.server.url}/yelp/webhook?secret=wrong`)).status).toBe(401)
    // Refused for its secret before its body is looked at: logged all the same, NUL and all.
    expect((await post('{"a":"\u0000"}', `${world.server.url}/yelp/webhook`)).status).toBe(401)
    expect((await webhookLogRows())[0]?.payload).toEqual({ raw: '{"a":"\uFFFD"}' })
    expect(
      (await post(notOurs, `${world.server.url}/yelp/webhook`, { 'x-webhook-secret': 'nope' })).status,
    ).toBe(401)
    expect((await post(notOurs, `${world.server.url}/yelp/webhook?secret=s3cret-value`)).status).toBe(200)
    expect(
      (await post(notOurs, `${world.server.url}/yelp/webhook`, { 'x-webhook-secret': 's3cret-value' }))
        .status,
    ).toBe(200)
    sims.useWebhookSecret('s3cret-value')
  })

  it('answers the verification handshake', async () => {
    const response = await fetch(`${world.server.url}/yelp/webhook?verification=abc`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ verification: 'abc' })
  })

  it.each([
    ['broken JSON', '{"data": {"id": '],
    ['a JSON array', '[1, 2]'],
    ['no business id', JSON.stringify({ data: { updates: [{ event_type: 'NEW_EVENT', lead_id: 'x' }] } })],
    ['no updates', JSON.stringify({ data: { id: ACME.business, updates: [] } })],
    ['an empty body', ''],
    ['a raw NUL byte', '{"data":"\u0000"}'],
  ])('answers 400 to %s and logs it', async (_name, body) => {
    const before = (await webhookLogRows()).length
    const response = await post(body)
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error?: string }).error).toBeTruthy()
    const rows = await webhookLogRows()
    expect(rows.length).toBe(before + 1)
    expect(rows[0]).toMatchObject({ endpoint: '/yelp/webhook', method: 'POST', statusCode: 400 })
    expect(rows[0]?.error).toBeTruthy()
  })

  it('answers a burst of deliveries each on its own: ours queued, unknown ignored, unstorable refused', async () => {
    const eventId = sims.newLead('burst-lead')
    await waitFor('burst-lead in GHL', async () => (await sims.ghlMessagesFor([eventId])).length === 1)
    const ours = (i: number) =>
      JSON.stringify({
        data: {
          id: ACME.business,
          updates: [{ event_type: 'NEW_EVENT', event_id: eventId, lead_id: 'burst-lead', n: i }],
        },
      })
    const unknown = (i: number) =>
      JSON.stringify({
        data: { id: `burst-unknown-${i}`, updates: [{ event_type: 'NEW_EVENT', lead_id: 'x' }] },
      })
    // PostgreSQL's jsonb cannot hold U+0000: such a body cannot be logged as it came.
    const nul = '{"data":{"id":"burst-nul","updates":[{"event_type":"NEW_EVENT","lead_id":"a\\u0000b"}]}}'
    const before = (await webhookLogRows()).length
    const bodies = [
      ...Array.from({ length: 20 }, (_, i) => ours(i)),
      ...Array.from({ length: 10 }, (_, i) => unknown(i)),
      nul,
    ]
    const responses = await Promise.all(bodies.map((body) => post(body)))
    expect(responses.map((r) => r.status)).toEqual([...Array(30).fill(200), 400])
    expect(await responses[0]?.json()).toEqual({ received: true, updates: 1 })
    expect(await responses[20]?.json()).toMatchObject({ ignored: expect.stringContaining('burst-unknown-0') })
    expect(await responses[30]?.json()).toEqual({ error: expect.stringMatching(/^body: .*\\u0000/) })

    const rows = (await webhookLogRows()).slice(0, (await webhookLogRows()).length - before)
    expect(rows).toHaveLength(31)
    const logged = (id: string) => rows.filter((row) => JSON.stringify(row.payload).includes(id))
    expect(
      logged(ACME.business).every((row) => row.clientId === ACME.clientId && row.statusCode === 200),
    ).toBe(true)
    expect(logged(ACME.business)).toHaveLength(20)
    for (let i = 0; i < 10; i++) expect(logged(`burst-unknown-${i}`)).toHaveLength(1)
    expect(rows.filter((row) => row.statusCode === 400)).toHaveLength(1)
    await sleep(1000)
    expect(await sims.ghlMessagesFor([eventId])).toHaveLength(1)
  })

  it('answers 200 for an unknown business and logs it as ignored', async () => {
    const response = await post(
      JSON.stringify({
        data: { id: 'someone-else', updates: [{ event_type: 'NEW_EVENT', event_id: 'e1', lead_id: 'l1' }] },
      }),
    )
    expect(response.status).toBe(200)
    const [row] = await webhookLogRows()
    expect(row).toMatchObject({ statusCode: 200, clientId: null })
    expect(row?.response).toMatchObject({ ignored: expect.stringContaining('someone-else') })
  })
})

describe('Yelp → GHL when GHL misbehaves', () => {
  it('waits out a 429 with rate headers, then posts the message once', async () => {
    world.ghl.server.faults.add({
      method: 'POST',
      path: '/conversations/messages/inbound',
      status: 429,
      body: { statusCode: 429, message: 'Too many requests' },
      headers: {
        'X-RateLimit-Max': '100',
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Interval-Milliseconds': '1500',
        'X-RateLimit-Limit-Daily': '200000',
        'X-RateLimit-Daily-Remaining': '199000',
      },
      times: 1,
    })
    const mark = ghlMark()
    const eventId = sims.newLead('lead-429')
    await waitFor('the message', async () => (await sims.ghlMessagesFor([eventId])).length === 1)
    const posts = inboundPostsSince(mark)
    expect(posts.map((p) => p.status)).toEqual([429, 200])
    const waited = Date.parse(posts[1]?.time ?? '') - Date.parse(posts[0]?.time ?? '')
    expect(waited).toBeGreaterThanOrEqual(1400)
    await sleep(500)
    expect(await sims.ghlMessagesFor([eventId])).toHaveLength(1)
  })

  it('retries a message GHL added but answered too late, finding it by altId instead of posting twice', async () => {
    await forwardedLead('lead-slow')
    const mark = ghlMark()
    world.slow.ghl.add({
      method: 'POST',
      path: '/conversations/messages/inbound',
      delayMs: SLOWER_THAN_TIMEOUT_MS,
    })
    const eventId = sims.consumerMessage('lead-slow', 'Are you there?')
    const row = await waitFor('the row to be success', async () => {
      const found = await messageRow(world.db, `yelp:${eventId}`)
      return found?.status === 'success' ? found : null
    })
    // The answer timed out in the hub, but GHL had added the message: the retry found it.
    expect(inboundPostsSince(mark)).toHaveLength(1)
    const copies = await sims.ghlMessagesFor([eventId])
    expect(copies).toHaveLength(1)
    expect(row.metadata).toMatchObject({ ghlMessageId: copies[0]?.id })
    const timedOut = await world.db
      .select()
      .from(apiRequestLogs)
      .where(like(apiRequestLogs.error, `%no answer within ${TIMEOUT_MS} ms%`))
    expect(timedOut.some((r) => r.endpoint.endsWith('/conversations/messages/inbound'))).toBe(true)
  })

  it('after GHL stored the message but answered 504, finds it by altId instead of posting again', async () => {
    await forwardedLead('lead-504')
    const mark = ghlMark()
    world.ghl.server.faults.add({
      method: 'POST',
      path: '/conversations/messages/inbound',
      status: 504,
      afterHandler: true,
    })
    const eventId = sims.consumerMessage('lead-504', 'Did you get my photos?')
    await waitFor(
      'the row to be success',
      async () => (await messageRow(world.db, `yelp:${eventId}`))?.status === 'success',
    )
    expect(inboundPostsSince(mark).map((r) => r.status)).toEqual([504])
    expect(await sims.ghlMessagesFor([eventId])).toHaveLength(1)
  })

  it('posts again when GHL was too slow to even take the message', async () => {
    await forwardedLead('lead-slower')
    const mark = ghlMark()
    // The sim's delay comes before the work and drops it once the caller has gone.
    world.ghl.server.faults.add({
      method: 'POST',
      path: '/conversations/messages/inbound',
      delayMs: SLOWER_THAN_TIMEOUT_MS,
      times: 1,
    })
    const eventId = sims.consumerMessage('lead-slower', 'Hello?')
    await waitFor(
      'the row to be success',
      async () => (await messageRow(world.db, `yelp:${eventId}`))?.status === 'success',
    )
    expect(inboundPostsSince(mark).map((r) => r.status)).toEqual([200])
    expect(await sims.ghlMessagesFor([eventId])).toHaveLength(1)
  })

  it('makes a job dead at once on a permanent 4xx, shows its error, and delivers on operator retry', async () => {
    await forwardedLead('lead-4xx')
    const mark = ghlMark()
    world.ghl.server.faults.add({
      method: 'POST',
      path: '/conversations/messages/inbound',
      status: 422,
      body: {
        statusCode: 422,
        message: ['property surprise should not exist'],
        error: 'Unprocessable Entity',
      },
      times: 1,
    })
    const eventId = sims.consumerMessage('lead-4xx', 'Please call me back')
    const dead = await waitFor('the dead job', async () => {
      const jobs = (await world.admin.get('/api/jobs?state=failed')).body as Array<{
        id: string
        data: { leadId?: string } | null
        error: string | null
        retryCount: number
      }>
      return jobs.find((j) => j.data?.leadId === 'lead-4xx')
    })
    expect(dead.retryCount).toBe(0)
    expect(dead.error).toContain('422')
    expect(dead.error).toContain('property surprise should not exist')
    expect(inboundPostsSince(mark).map((r) => r.status)).toEqual([422])
    const row = await messageRow(world.db, `yelp:${eventId}`)
    expect(row?.status).toBe('error')
    expect(JSON.stringify(row?.metadata)).toContain('422')
    // Dead means no retry on its own.
    await sleep(3000)
    expect(inboundPostsSince(mark)).toHaveLength(1)
    expect(world.ghl.server.faults.list()).toHaveLength(0)

    const retried = await world.admin.post(`/api/jobs/${dead.id}/retry`)
    expect(retried.status, retried.text).toBe(200)
    await waitFor('the message', async () => (await sims.ghlMessagesFor([eventId])).length === 1)
    await waitFor(
      'the row to be success',
      async () => (await messageRow(world.db, `yelp:${eventId}`))?.status === 'success',
    )
    const again = await world.admin.post(`/api/jobs/${dead.id}/retry`)
    expect(again.status).toBe(409)
  })

  it('forwards a lead’s later messages past one GHL refuses, marks that one error, and fails the job', async () => {
    await forwardedLead('lead-refused')
    world.ghl.server.faults.add({
      method: 'POST',
      path: '/conversations/messages/inbound',
      bodyIncludes: 'Here is my gate code',
      status: 422,
      body: { statusCode: 422, message: ['message contains a blocked word'], error: 'Unprocessable Entity' },
      times: 50,
    })
    const refused = sims.consumerMessage('lead-refused', 'Here is my gate code')
    const later = [
      sims.consumerMessage('lead-refused', 'Also, the dog is friendly'),
      sims.consumerMessage('lead-refused', 'Thanks!'),
    ]
    await waitFor('the later messages in GHL', async () => (await sims.ghlMessagesFor(later)).length === 2)
    const row = await waitFor('the refused row', async () => {
      const found = await messageRow(world.db, `yelp:${refused}`)
      return found?.status === 'error' ? found : null
    })
    expect(JSON.stringify(row.metadata)).toContain('message contains a blocked word')
    expect(await sims.ghlMessagesFor([refused])).toHaveLength(0)
    const dead = await waitFor('the failed job', async () => {
      const jobs = (await world.admin.get('/api/jobs?state=failed')).body as Array<{
        data: { leadId?: string } | null
        error: string | null
      }>
      return jobs.find((j) => j.data?.leadId === 'lead-refused')
    })
    expect(dead.error).toContain('message contains a blocked word')
    world.ghl.server.faults.clear()
  })

  it('forwards a new message with one Yelp call and one GHL call when nothing else changed', async () => {
    await forwardedLead('lead-cheap')
    // A new lead's cost is asked once, by a job of its own (docs/decisions/0014): not part of a message's cost.
    await waitFor(
      'its cost fetched',
      () => sims.yelpRequests('GET', /^\/v3\/leads\/lead-cheap\/metrics$/).length === 1,
    )
    const ghlBefore = ghlMark()
    const yelpBefore = sims.yelpRequests('GET', /^\/v3\/leads\/lead-cheap/).length
    const eventId = sims.consumerMessage('lead-cheap', 'One more question')
    await waitFor('the message', async () => (await sims.ghlMessagesFor([eventId])).length === 1)
    const yelpCalls = sims.yelpRequests('GET', /^\/v3\/leads\/lead-cheap/).slice(yelpBefore)
    expect(yelpCalls.map((r) => r.path)).toEqual(['/v3/leads/lead-cheap/events'])
    const ghlCalls = world.ghl.server.requests.list().slice(ghlBefore)
    expect(ghlCalls.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /conversations/messages/inbound'])

    // Yelp delivers the same update again: one look at the events, nothing for GHL.
    const ghlAgain = ghlMark()
    const yelpAgain = sims.yelpRequests('GET', /^\/v3\/leads\/lead-cheap/).length
    expect((await sims.postWebhook([{ leadId: 'lead-cheap', eventId }])).status).toBe(200)
    await waitFor('the events read', async () =>
      sims.yelpRequests('GET', /^\/v3\/leads\/lead-cheap/).length > yelpAgain ? true : null,
    )
    await sleep(500)
    expect(sims.yelpRequests('GET', /^\/v3\/leads\/lead-cheap/).length - yelpAgain).toBe(1)
    expect(world.ghl.server.requests.list().slice(ghlAgain)).toEqual([])
  })

  it.each([
    ['its conversation', (contactId: string) => deleteConversationsOf(contactId)],
    [
      'its contact',
      (contactId: string) => {
        deleteConversationsOf(contactId)
        world.ghl.store.contacts.delete(contactId)
      },
    ],
  ])('forwards to a new one when %s was deleted in GHL', async (_what, deleteInGhl) => {
    const leadId = `lead-gone-${_what.split(' ')[1]}`
    await forwardedLead(leadId)
    const contactId = (await contactOf(world.db, leadId)) as string
    deleteInGhl(contactId)
    const eventId = sims.consumerMessage(leadId, 'Are you still there?')
    await waitFor('the message', async () => (await sims.ghlMessagesFor([eventId])).length === 1)
    await waitFor(
      'the row to be success',
      async () => (await messageRow(world.db, `yelp:${eventId}`))?.status === 'success',
    )
    const [message] = await sims.ghlMessagesFor([eventId])
    expect(world.ghl.store.conversations.get(message?.conversationId ?? '')).toBeTruthy()
  })

  it('updates the contact phone when the consumer opts in to share it', async () => {
    await forwardedLead('lead-phone')
    const contactId = await contactOf(world.db, 'lead-phone')
    expect((await sims.ghlContacts()).find((c) => c.id === contactId)?.phone).toBeFalsy()
    world.yelp.phoneOptIn('lead-phone', '+14155550188')
    await waitFor('the phone in GHL', async () =>
      (await sims.ghlContacts()).find((c) => c.id === contactId && c.phone === '+14155550188'),
    )
  })
})

describe('tokens', () => {
  const refreshCalls = () => sims.yelpRequests('POST', /^\/oauth2\/token\/v3$/)

  it('refreshes an expired Yelp access token exactly once, then forwards', async () => {
    await forwardedLead('lead-expired')
    world.yelp.clock.advance(WEEK_MS + 60_000)
    const before = refreshCalls().length
    const eventId = sims.consumerMessage('lead-expired', 'Still interested')
    await waitFor('the message', async () => (await sims.ghlMessagesFor([eventId])).length === 1)
    expect(refreshCalls().length - before).toBe(1)
    expect(refreshCalls().at(-1)?.status).toBe(200)
  })

  it('makes one refresh call for two callers whose token Yelp refused at the same moment', async () => {
    const tokens = world.server.server.core.tokens
    const rejected = await tokens.yelpAccessToken(ACME.clientId)
    world.yelp.server.faults.add({ method: 'POST', path: '/oauth2/token/v3', delayMs: 300, times: 1 })
    const before = refreshCalls().length
    const [a, b] = await Promise.all([
      tokens.refresh('yelp', ACME.clientId, { rejected }),
      tokens.refresh('yelp', ACME.clientId, { rejected }),
    ])
    expect(a).toBe(b)
    expect(a).not.toBe(rejected)
    expect(refreshCalls().length - before).toBe(1)
  })

  it('makes one refresh call for two jobs that need it at the same time', async () => {
    const first = sims.newLead('lead-pair-1', { notify: false })
    const second = sims.newLead('lead-pair-2', { notify: false })
    world.yelp.clock.advance(WEEK_MS + 60_000)
    // A slow token endpoint keeps the refresh under way while the second job meets its 401.
    world.yelp.server.faults.add({ method: 'POST', path: '/oauth2/token/v3', delayMs: 700, times: 1 })
    const before = refreshCalls().length
    const unauthorizedBefore = sims.yelpRequests('GET', /^\/v3\/leads\/lead-pair-\d$/).length
    const answers = await Promise.all([
      sims.postWebhook([{ leadId: 'lead-pair-1', eventId: first }]),
      sims.postWebhook([{ leadId: 'lead-pair-2', eventId: second }]),
    ])
    expect(answers.map((a) => a.status)).toEqual([200, 200])
    await waitFor('both messages', async () => (await sims.ghlMessagesFor([first, second])).length === 2)
    // The first read meets the 401; the second, 200 ms later (Yelp calls are spaced), meets it
    // too or waits for the refresh already under way. Either way: one refresh call.
    const leadReads = sims.yelpRequests('GET', /^\/v3\/leads\/lead-pair-\d$/).slice(unauthorizedBefore)
    expect(leadReads.filter((r) => r.status === 401).length).toBeGreaterThanOrEqual(1)
    expect(refreshCalls().length - before).toBe(1)
  })
})

describe('GHL → Yelp when things go wrong', () => {
  async function reply(leadId: string, message: string) {
    const contactId = await contactOf(world.db, leadId)
    if (!contactId) throw new Error(`no contact for ${leadId}`)
    const result = await world.ghl.simulateUserReply({ locationId: ACME.location, contactId, message })
    expect(result.response.status).toBe(200)
    // Skip GHL's few seconds of 403 on status updates (docs/providers/ghl.md §9) on the sim clock.
    world.ghl.server.clock.advance(6000)
    return result
  }
  const ghlStatus = async (messageId: string) =>
    (await sims.ghlMessages()).find((m) => m.id === messageId)?.status
  const bizEvents = async (leadId: string, text: string) =>
    (await sims.yelpLead(leadId)).events.filter((e) => e.user_type === 'BIZ' && e.event_content.text === text)
  const yelpWrites = (leadId: string) => sims.yelpRequests('POST', new RegExp(`^/v3/leads/${leadId}/events$`))

  it('marks a reply to an archived lead failed, in the hub and in GHL', async () => {
    await forwardedLead('lead-archived')
    world.yelp.archiveLead('lead-archived')
    const sent = await reply('lead-archived', 'Can we book you in?')
    await waitFor('failed in GHL', async () => (await ghlStatus(sent.messageId)) === 'failed')
    const row = await messageRow(world.db, `ghl:${sent.messageId}`)
    expect(row?.status).toBe('error')
    expect(row?.metadata).toMatchObject({ error: expect.stringMatching(/archived/i) })
    expect(await bizEvents('lead-archived', 'Can we book you in?')).toHaveLength(0)
  })

  it('fails a reply that is empty once its HTML is stripped, without writing to Yelp', async () => {
    await forwardedLead('lead-empty')
    const sent = await reply('lead-empty', '<p>&nbsp;</p><br/>')
    await waitFor('failed in GHL', async () => (await ghlStatus(sent.messageId)) === 'failed')
    expect((await messageRow(world.db, `ghl:${sent.messageId}`))?.status).toBe('error')
    expect(yelpWrites('lead-empty')).toHaveLength(0)
  })

  it('after a Yelp write that timed out, checks the events instead of sending the text again', async () => {
    await forwardedLead('lead-reply-slow')
    // Yelp writes the event but answers too late: sending the text again would be refused
    // as SAME_SUCCESSIVE_MESSAGE (docs/providers/yelp.md §1), so the retry must look at the events first.
    world.slow.yelp.add({
      method: 'POST',
      path: '/v3/leads/lead-reply-slow/events',
      delayMs: SLOWER_THAN_TIMEOUT_MS,
    })
    const sent = await reply('lead-reply-slow', 'We can come on Friday.')
    await waitFor('delivered in GHL', async () => (await ghlStatus(sent.messageId)) === 'delivered')
    const events = await bizEvents('lead-reply-slow', 'We can come on Friday.')
    expect(events).toHaveLength(1)
    const writes = yelpWrites('lead-reply-slow')
    expect(writes).toHaveLength(1)
    const timedOut = await world.db
      .select()
      .from(apiRequestLogs)
      .where(like(apiRequestLogs.error, `%no answer within ${TIMEOUT_MS} ms%`))
    expect(timedOut.some((r) => r.endpoint.endsWith('/v3/leads/lead-reply-slow/events'))).toBe(true)
    expect(JSON.stringify(writes.map((w) => w.responseBody))).not.toContain('SAME_SUCCESSIVE_MESSAGE')
    const row = await messageRow(world.db, `ghl:${sent.messageId}`)
    expect(row?.status).toBe('success')
    expect(row?.metadata).toMatchObject({ yelpEventId: events[0]?.id })
    // The echo of that write is not forwarded back into GHL.
    await sleep(1500)
    expect(await sims.ghlMessagesFor([events[0]?.id ?? ''])).toHaveLength(0)
  })

  it('after Yelp stored the reply but answered 503, checks the events instead of sending it again', async () => {
    await forwardedLead('lead-reply-503')
    world.yelp.server.faults.add({
      method: 'POST',
      path: '/v3/leads/lead-reply-503/events',
      status: 503,
      afterHandler: true,
    })
    const sent = await reply('lead-reply-503', 'Friday at 9 works.')
    await waitFor('delivered in GHL', async () => (await ghlStatus(sent.messageId)) === 'delivered')
    expect(await bizEvents('lead-reply-503', 'Friday at 9 works.')).toHaveLength(1)
    expect(yelpWrites('lead-reply-503').map((w) => w.status)).toEqual([503])
    expect((await messageRow(world.db, `ghl:${sent.messageId}`))?.status).toBe('success')
  })
})

describe('a refused GHL refresh', () => {
  it('marks the connection as needing re-auth, parks its jobs, and resumes them after reconnecting', async () => {
    await forwardedLead('lead-reauth')
    await forwardedLead('lead-reauth-2')
    const tokenCalls = () => sims.ghlRequests('POST', '/oauth/token')
    const revoked = await fetch(`${world.ghl.url}/__sim/ghl/locations/${ACME.location}/revoke-tokens`, {
      method: 'POST',
    })
    expect(revoked.status).toBe(200)
    const before = tokenCalls().length
    const first = sims.consumerMessage('lead-reauth', 'Hello again')
    const client = async () =>
      (
        (await world.admin.get('/api/clients')).body as Array<{
          clientId: string
          ghl: { needsReauth: boolean }
        }>
      ).find((c) => c.clientId === ACME.clientId)
    await waitFor('needs re-auth', async () => (await client())?.ghl.needsReauth === true)
    // A job of another lead arriving while the connection waits for its owner parks too.
    const second = sims.consumerMessage('lead-reauth-2', 'Anyone?')
    await sleep(4000)
    expect(tokenCalls().length - before).toBe(1)
    expect(tokenCalls().at(-1)?.status).toBe(400)
    expect(await sims.ghlMessagesFor([first, second])).toHaveLength(0)
    const failed = (await world.admin.get('/api/jobs?state=failed')).body as Array<{
      data: { leadId?: string } | null
    }>
    expect(failed.filter((j) => j.data?.leadId?.startsWith('lead-reauth'))).toHaveLength(0)

    expect((await world.admin.followOAuth(`/api/ghl-auth-url?clientId=${ACME.clientId}`)).status).toBe(200)
    expect((await client())?.ghl.needsReauth).toBe(false)
    await waitFor('both messages', async () => (await sims.ghlMessagesFor([first, second])).length === 2)
  })
})
