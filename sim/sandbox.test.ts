import { createPublicKey, createVerify, verify } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from './sandbox.ts'

interface Received {
  method: string
  path: string
  headers: IncomingHttpHeaders
  raw: Buffer
}

/** A node:http server standing in for the hub: records every request, answers 200. */
async function startHub() {
  const received: Received[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        raw: Buffer.concat(chunks),
      })
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

async function until<T>(find: () => T | undefined, timeoutMs = 3_000): Promise<T> {
  const started = Date.now()
  for (;;) {
    const found = find()
    if (found !== undefined) return found
    if (Date.now() - started > timeoutMs) throw new Error('nothing arrived in time')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** Creates a contact through the real GHL API with the sample location key, as the hub would. */
async function createContact(sandbox: Sandbox): Promise<string> {
  const { locationId, locationApiKey } = sandbox.sample.ghl
  const created = await postJson(
    `${sandbox.ghl.url}/contacts/upsert`,
    { locationId, firstName: 'Pat', phone: '+14155550123' },
    { authorization: `Bearer ${locationApiKey}`, version: '2021-07-28' },
  )
  expect(created.status).toBe(200)
  return (created.body.contact as { id: string }).id
}

describe('startSandbox: both simulators wired to a hub', () => {
  let hub: Awaited<ReturnType<typeof startHub>>
  let sandbox: Sandbox
  beforeAll(async () => {
    hub = await startHub()
    sandbox = await startSandbox({ yelpPort: 0, ghlPort: 0, hubUrl: `${hub.url}/` })
  })
  afterAll(async () => {
    await sandbox.close()
    await hub.close()
  })
  beforeEach(() => {
    hub.received.length = 0
  })

  it('prints env that points at the listening simulators, and seeds both samples', () => {
    expect(sandbox.env).toMatchObject({
      YELP_API_BASE: sandbox.yelp.url,
      YELP_PARTNER_BASE: sandbox.yelp.url,
      GHL_API_BASE: sandbox.ghl.url,
      GHL_WEBHOOK_PUBLIC_KEY: sandbox.ghl.publicKeys.ed25519.spkiBase64,
    })
    expect(sandbox.env.GHL_WEBHOOK_RSA_PUBLIC_KEY).toBeUndefined()
    expect(sandbox.sample.yelp).toEqual({
      userId: 'yelp-user-alex',
      businessId: 'acme-roofing-sf',
      leadIds: ['lead-roof-repair', 'lead-gutter-cleaning', 'lead-skylight'],
    })
    expect(sandbox.sample.ghl).toMatchObject({ locationId: 'LocAAA111', companyId: 'CmpBBB222' })
    expect(sandbox.sample.ghl.locationApiKey).toMatch(/^pit-/)
  })

  it.each([
    ['a consumer message', '/__sim/yelp/leads/lead-roof-repair/messages', { text: 'Any news?' }],
    ['a new lead', '/__sim/yelp/leads', { businessId: 'acme-roofing-sf', consumerName: 'Sam T.' }],
  ])(
    '%s created through the Yelp control API arrives at the hub as a NEW_EVENT webhook',
    async (_name, path, body) => {
      const created = await postJson(`${sandbox.yelp.url}${path}`, body)
      expect(created.status).toBe(201)
      const webhook = await until(() => hub.received.find((r) => r.path === '/yelp/webhook'))
      expect(webhook.method).toBe('POST')
      const payload = JSON.parse(webhook.raw.toString())
      expect(payload).toMatchObject({
        object: 'business',
        data: { id: 'acme-roofing-sf', updates: [{ event_type: 'NEW_EVENT' }] },
      })
      const leadId = path.includes('/messages')
        ? 'lead-roof-repair'
        : (created.body.lead as { id: string }).id
      const [event] = created.body.events as Array<{ id: string }>
      expect(payload.data.updates[0]).toMatchObject({ lead_id: leadId, event_id: event?.id })
    },
  )

  it('a simulated GHL user reply reaches /reply with an X-GHL-Signature that verifies with the printed key', async () => {
    const contactId = await createContact(sandbox)
    const reply = await postJson(`${sandbox.ghl.url}/__sim/ghl/user-reply`, {
      locationId: sandbox.sample.ghl.locationId,
      contactId,
      message: 'Thanks Pat, we can come Thursday.',
    })
    expect(reply.status).toBe(200)
    const request = await until(() => hub.received.find((r) => r.path === '/reply'))
    expect(JSON.parse(request.raw.toString())).toMatchObject({
      type: 'SMS',
      contactId,
      message: 'Thanks Pat, we can come Thursday.',
    })
    const key = createPublicKey({
      key: Buffer.from(sandbox.env.GHL_WEBHOOK_PUBLIC_KEY ?? '', 'base64'),
      format: 'der',
      type: 'spki',
    })
    const signature = Buffer.from(String(request.headers['x-ghl-signature']), 'base64')
    expect(verify(null, request.raw, key, signature)).toBe(true)
    expect(verify(null, Buffer.from(`${request.raw.toString()} `), key, signature)).toBe(false)
  })

  it('stops both servers on close', async () => {
    const other = await startSandbox({ hubUrl: hub.url })
    const urls = [other.yelp.url, other.ghl.url]
    await other.close()
    for (const url of urls) await expect(fetch(`${url}/__sim/state`)).rejects.toThrow()
  })
})

describe('startSandbox with legacy RSA signing', () => {
  it('adds GHL_WEBHOOK_RSA_PUBLIC_KEY, and x-wh-signature verifies with it', async () => {
    const hub = await startHub()
    const sandbox = await startSandbox({ hubUrl: hub.url, legacyRsa: true })
    try {
      const rsaKey = sandbox.env.GHL_WEBHOOK_RSA_PUBLIC_KEY ?? ''
      expect(rsaKey).toBe(sandbox.ghl.publicKeys.rsa.spkiBase64)
      const contactId = await createContact(sandbox)
      await postJson(`${sandbox.ghl.url}/__sim/ghl/user-reply`, {
        locationId: sandbox.sample.ghl.locationId,
        contactId,
        message: 'Legacy signed',
      })
      const request = await until(() => hub.received.find((r) => r.path === '/reply'))
      const key = createPublicKey({ key: Buffer.from(rsaKey, 'base64'), format: 'der', type: 'spki' })
      const isValid = createVerify('SHA256')
        .update(request.raw)
        .verify(key, String(request.headers['x-wh-signature']), 'base64')
      expect(isValid).toBe(true)
    } finally {
      await sandbox.close()
      await hub.close()
    }
  })
})
