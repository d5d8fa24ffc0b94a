import { createPublicKey, createVerify, verify } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { GhlPublicKeys } from './ghl-keys.ts'
import {
  GHL_SAMPLE,
  type GhlTestBed,
  type Receiver,
  startGhlTestBed,
  startReceiver,
} from './ghl-test.helpers.ts'
import type { WebhookDelivery } from './ghl-webhook.emitter.ts'

const LOC = GHL_SAMPLE.locationId

async function seedContact(bed: GhlTestBed): Promise<string> {
  const response = await bed.call('POST', '/contacts/upsert', {
    body: { locationId: LOC, firstName: 'Pat', email: 'zz91qa@messaging.yelp.com', phone: '+15551230000' },
  })
  return (response.body as { contact: { id: string } }).contact.id
}

async function until(check: () => boolean, timeoutMs = 2_000): Promise<void> {
  const started = Date.now()
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe('GHL simulator: ProviderOutboundMessage to the hub (docs/providers/ghl.md §9, §10)', () => {
  let bed: GhlTestBed
  let receiver: Receiver
  beforeAll(async () => {
    bed = await startGhlTestBed({ webhook: { retryJitterMs: 0 } })
    receiver = await startReceiver()
  })
  afterAll(async () => {
    await bed.close()
    await receiver.close()
  })
  beforeEach(async () => {
    await bed.resetWorld()
    receiver.received.length = 0
    receiver.answers = [200]
    await bed.control('POST', '/reply-url', { url: receiver.url })
  })

  it('a simulated user reply arrives signed; X-GHL-Signature verifies with the exposed key in both forms', async () => {
    const contactId = await seedContact(bed)
    const reply = await bed.control('POST', '/user-reply', {
      locationId: LOC,
      contactId,
      message: 'Thanks Pat, Thursday works.',
    })
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ response: { status: 200, body: '{"received":true}', error: null } })
    const [request] = receiver.received
    if (!request) throw new Error('nothing received')
    expect(request).toMatchObject({ method: 'POST', url: '/reply' })
    expect(request.headers['content-type']).toBe('application/json')
    expect(request.headers['x-wh-signature']).toBeUndefined()

    const keys = (await bed.control('GET', '/keys')).body as GhlPublicKeys
    expect(keys).toEqual(bed.sim.publicKeys)
    const signature = Buffer.from(String(request.headers['x-ghl-signature']), 'base64')
    const fromPem = createPublicKey(keys.ed25519.pem)
    const fromSpki = createPublicKey({
      key: Buffer.from(keys.ed25519.spkiBase64, 'base64'),
      format: 'der',
      type: 'spki',
    })
    expect(verify(null, request.raw, fromPem, signature)).toBe(true)
    expect(verify(null, request.raw, fromSpki, signature)).toBe(true)
    expect(verify(null, Buffer.from(`${request.raw.toString()} `), fromPem, signature)).toBe(false)
  })

  it.each<
    [
      string,
      Record<string, unknown>,
      (ids: { contactId: string; messageId: string }) => Record<string, unknown>,
    ]
  >([
    [
      'SMS',
      { message: 'Thanks Pat, we can come Thursday.' },
      ({ contactId, messageId }) => ({
        contactId,
        locationId: LOC,
        messageId,
        type: 'SMS',
        phone: '+15551230000',
        message: 'Thanks Pat, we can come Thursday.',
        attachments: [],
        userId: GHL_SAMPLE.userId,
      }),
    ],
    [
      'SMS with a photo and no text',
      { message: undefined, attachments: ['https://files.example.com/roof.jpg'] },
      ({ contactId, messageId }) => ({
        contactId,
        locationId: LOC,
        messageId,
        type: 'SMS',
        phone: '+15551230000',
        message: '',
        attachments: ['https://files.example.com/roof.jpg'],
        userId: GHL_SAMPLE.userId,
      }),
    ],
    [
      'Email',
      {
        type: 'Email',
        subject: 'Re: your request',
        html: '<p>Thursday</p>',
        emailFrom: 'dana@bayarearoofing.example',
      },
      ({ contactId, messageId }) => ({
        contactId,
        locationId: LOC,
        messageId,
        type: 'Email',
        emailMessageId: expect.any(String),
        emailTo: ['zz91qa@messaging.yelp.com'],
        emailFrom: 'dana@bayarearoofing.example',
        subject: 'Re: your request',
        html: '<p>Thursday</p>',
        attachments: [],
        userId: GHL_SAMPLE.userId,
      }),
    ],
  ])('the %s variant has the documented payload', async (_name, input, expected) => {
    const contactId = await seedContact(bed)
    const reply = await bed.control('POST', '/user-reply', { locationId: LOC, contactId, ...input })
    const messageId = (reply.body as { messageId: string }).messageId
    const [request] = receiver.received
    expect(JSON.parse(request?.raw.toString() ?? '{}')).toEqual(expected({ contactId, messageId }))
    expect((reply.body as { sent: { body: unknown } }).sent.body).toEqual(expected({ contactId, messageId }))
  })

  it('a send through the API on the app’s provider is delivered too', async () => {
    const contactId = await seedContact(bed)
    const sent = await bed.call('POST', '/conversations/messages', {
      body: {
        type: 'SMS',
        contactId,
        message: 'From the API',
        conversationProviderId: bed.sim.config.conversationProviderId,
      },
    })
    await until(() => receiver.received.length === 1)
    const payload = JSON.parse(receiver.received[0]?.raw.toString() ?? '{}')
    expect(payload).toMatchObject({
      messageId: (sent.body as { messageId: string }).messageId,
      message: 'From the API',
    })
  })

  it('a 429 answer is retried ~10 minutes later on the sim clock, up to 6 times', async () => {
    receiver.answers = [429, 429, 200]
    const contactId = await seedContact(bed)
    await bed.control('POST', '/user-reply', { locationId: LOC, contactId, message: 'retry me' })
    const deliveries = async () => (await bed.control('GET', '/webhooks')).body as WebhookDelivery[]
    expect((await deliveries())[0]).toMatchObject({ state: 'retrying', attempts: [{ status: 429 }] })
    bed.sim.server.clock.advance(9 * 60_000)
    await bed.control('POST', '/webhooks/flush')
    expect(receiver.received).toHaveLength(1)
    bed.sim.server.clock.advance(60_000)
    await bed.control('POST', '/webhooks/flush')
    expect(receiver.received).toHaveLength(2)
    bed.sim.server.clock.advance(10 * 60_000)
    await bed.control('POST', '/webhooks/flush')
    expect((await deliveries())[0]).toMatchObject({
      state: 'delivered',
      attempts: [{ status: 429 }, { status: 429 }, { status: 200 }],
    })
    expect(new Set(receiver.received.map((r) => r.raw.toString())).size).toBe(1)

    receiver.received.length = 0
    receiver.answers = [429]
    await bed.control('POST', '/user-reply', { locationId: LOC, contactId, message: 'always limited' })
    for (let i = 0; i < 8; i++) {
      bed.sim.server.clock.advance(10 * 60_000)
      await bed.control('POST', '/webhooks/flush')
    }
    expect(receiver.received).toHaveLength(7)
    expect((await deliveries())[1]).toMatchObject({ state: 'failed', nextAttemptAt: null })
  })

  it('any other answer is final', async () => {
    receiver.answers = [500]
    const contactId = await seedContact(bed)
    const reply = await bed.control('POST', '/user-reply', { locationId: LOC, contactId, message: 'lost' })
    expect(reply.body).toMatchObject({ response: { status: 500 }, delivery: { state: 'failed' } })
    bed.sim.server.clock.advance(60 * 60_000)
    await bed.control('POST', '/webhooks/flush')
    expect(receiver.received).toHaveLength(1)
  })

  it('advancing the clock sends the retries it made due, with no flush and no poll', async () => {
    // A poll of a minute keeps the real timer out of the way: only the clock advance can send it.
    bed.sim.webhooks.stop()
    bed.sim.webhooks.start(60_000)
    try {
      receiver.answers = [429, 200]
      const contactId = await seedContact(bed)
      await bed.control('POST', '/user-reply', { locationId: LOC, contactId, message: 'on advance' })
      await fetch(`${bed.url}/__sim/clock/advance`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ms: 10 * 60_000 }),
      })
      await until(() => receiver.received.length === 2)
      await bed.sim.webhooks.flushDue()
      expect(bed.sim.webhooks.list()[0]).toMatchObject({ state: 'delivered' })
    } finally {
      bed.sim.webhooks.stop()
      bed.sim.webhooks.start()
    }
  })

  it.each<[string, () => Promise<Record<string, unknown>>, number, string]>([
    [
      'no reply URL',
      async () => {
        await bed.control('POST', '/reply-url', { url: null })
        return {}
      },
      400,
      'replyUrl: not set; POST /__sim/ghl/reply-url first',
    ],
    [
      'an unknown contact',
      async () => ({ contactId: 'nope' }),
      404,
      `contact nope not found in location ${LOC}`,
    ],
    [
      'neither message, html nor attachments',
      async () => ({ message: undefined }),
      400,
      'message: give message, html or attachments',
    ],
    ['an unknown field', async () => ({ channel: 'sms' }), 400, 'body: Unrecognized key: "channel"'],
    [
      'an unknown type',
      async () => ({ type: 'Fax' }),
      400,
      'type: Invalid option: expected one of "SMS"|"Email"',
    ],
  ])('user-reply with %s → %i', async (_name, change, status, error) => {
    const contactId = await seedContact(bed)
    const body = { locationId: LOC, contactId, message: 'hi', ...(await change()) }
    expect(await bed.control('POST', '/user-reply', body)).toMatchObject({ status, body: { error } })
    expect(receiver.received).toHaveLength(0)
  })
})

describe('GHL simulator: legacy RSA signature (docs/providers/ghl.md §10)', () => {
  let bed: GhlTestBed
  let receiver: Receiver
  beforeAll(async () => {
    receiver = await startReceiver()
    bed = await startGhlTestBed({ sendLegacyRsaSignature: true, replyUrl: receiver.url })
  })
  afterAll(async () => {
    await bed.close()
    await receiver.close()
  })

  it('x-wh-signature is base64 RSA-SHA256 of the body and verifies with the exposed RSA key', async () => {
    const contactId = await seedContact(bed)
    await bed.sim.simulateUserReply({ locationId: LOC, contactId, message: 'signed twice' })
    const [request] = receiver.received
    if (!request) throw new Error('nothing received')
    const rsa = bed.sim.publicKeys.rsa.pem
    const legacy = String(request.headers['x-wh-signature'])
    expect(createVerify('SHA256').update(request.raw).verify(rsa, legacy, 'base64')).toBe(true)
    const ed = Buffer.from(String(request.headers['x-ghl-signature']), 'base64')
    expect(verify(null, request.raw, createPublicKey(bed.sim.publicKeys.ed25519.pem), ed)).toBe(true)
  })
})
