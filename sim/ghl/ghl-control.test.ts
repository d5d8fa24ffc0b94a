import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { GHL_SAMPLE, type GhlTestBed, startGhlTestBed } from './ghl-test.helpers.ts'

const LOC = GHL_SAMPLE.locationId

describe('GHL simulator: control API (/__sim/ghl)', () => {
  let bed: GhlTestBed
  beforeAll(async () => {
    bed = await startGhlTestBed()
  })
  afterAll(() => bed.close())
  beforeEach(() => bed.resetWorld())

  it('the sample fixture seeds a location, its user and a location key', () => {
    expect(bed.world.location).toMatchObject({
      id: LOC,
      companyId: GHL_SAMPLE.companyId,
      allowDuplicateContact: false,
      duplicatePriority: ['email', 'phone'],
      isActive: true,
    })
    expect(bed.world.user).toMatchObject({ id: GHL_SAMPLE.userId, locationIds: [LOC] })
    expect(bed.world.apiKey).toMatchObject({ locationId: LOC, token: expect.stringMatching(/^pit-/) })
  })

  it('seeds locations, users and keys', async () => {
    const location = await bed.control('POST', '/locations', {
      id: 'LocNew',
      name: 'New Co',
      allowDuplicateContact: true,
      duplicatePriority: ['phone', 'email'],
    })
    expect(location).toMatchObject({
      status: 201,
      body: {
        id: 'LocNew',
        name: 'New Co',
        allowDuplicateContact: true,
        duplicatePriority: ['phone', 'email'],
      },
    })
    expect(await bed.control('POST', '/users', { id: 'UsrNew', locationIds: ['LocNew'] })).toMatchObject({
      status: 201,
      body: { id: 'UsrNew', companyId: 'CompanySim000000001' },
    })
    const key = await bed.control('POST', '/locations/LocNew/api-keys', {
      scopes: ['contacts.readonly', 'oauth.write'],
    })
    expect(key).toMatchObject({ status: 201, body: { locationId: 'LocNew', scopes: ['contacts.readonly'] } })
    expect((await bed.control('GET', '/locations')).body).toHaveLength(2)
  })

  it.each<[string, string, string, unknown, number, string]>([
    [
      'a location with an unknown field',
      'POST',
      '/locations',
      { id: 'L', colour: 'red' },
      400,
      'body: Unrecognized key: "colour"',
    ],
    [
      'a location id that exists',
      'POST',
      '/locations',
      { id: LOC },
      400,
      `id: location ${LOC} already exists`,
    ],
    [
      'a priority listing a field twice',
      'POST',
      '/locations',
      { duplicatePriority: ['email', 'email'] },
      400,
      'duplicatePriority: no field twice',
    ],
    [
      'allowDuplicateContact not boolean',
      'POST',
      '/locations',
      { allowDuplicateContact: 'yes' },
      400,
      'allowDuplicateContact: Invalid input: expected boolean, received string',
    ],
    [
      'a patch of an unknown location',
      'PATCH',
      '/locations/nope',
      { isActive: false },
      404,
      'location nope not found',
    ],
    [
      'a user without locations',
      'POST',
      '/users',
      { id: 'U' },
      400,
      'locationIds: Invalid input: expected array, received undefined',
    ],
    [
      'a user of an unknown location',
      'POST',
      '/users',
      { locationIds: ['nope'] },
      400,
      'locationIds: location nope not found',
    ],
    ['a key for an unknown location', 'POST', '/locations/nope/api-keys', {}, 404, 'location nope not found'],
    [
      'an authorization for an unknown user',
      'POST',
      '/authorize/next',
      { userId: 'nope' },
      400,
      'userId: user nope not found',
    ],
    ['a reply URL that is not a URL', 'POST', '/reply-url', { url: 'nope' }, 400, 'url: Invalid URL'],
    [
      'contacts of an unknown location',
      'GET',
      '/locations/nope/contacts',
      undefined,
      404,
      'location nope not found',
    ],
  ])('refuses %s', async (_name, method, path, body, status, error) => {
    expect(await bed.control(method, path, body)).toMatchObject({ status, body: { error } })
  })

  it('authorize/next picks the location and user of the next authorization', async () => {
    await bed.control('POST', '/locations', { id: 'LocTwo', companyId: 'CmpTwo' })
    await bed.control('POST', '/users', { id: 'UsrTwo', locationIds: ['LocTwo'] })
    await bed.control('POST', '/authorize/next', { locationId: 'LocTwo', userId: 'UsrTwo' })
    expect(await bed.authorize()).toMatchObject({
      locationId: 'LocTwo',
      companyId: 'CmpTwo',
      userId: 'UsrTwo',
    })
    expect(await bed.authorize()).toMatchObject({ locationId: LOC })
  })

  it('reads back what the hub wrote, per location', async () => {
    const contact = await bed.call('POST', '/contacts/upsert', {
      body: { locationId: LOC, email: 'pat@example.com' },
    })
    const contactId = (contact.body as { contact: { id: string } }).contact.id
    await bed.call('POST', `/locations/${LOC}/customFields`, {
      body: { name: 'Yelp Lead Id', dataType: 'TEXT' },
    })
    const conversation = await bed.call('POST', '/conversations/', { body: { locationId: LOC, contactId } })
    const conversationId = (conversation.body as { conversation: { id: string } }).conversation.id
    await bed.call('POST', '/conversations/messages/inbound', {
      body: {
        type: 'SMS',
        conversationId,
        contactId,
        conversationProviderId: bed.sim.config.conversationProviderId,
        message: 'hi',
      },
    })
    expect((await bed.control('GET', `/locations/${LOC}/contacts`)).body).toMatchObject([{ id: contactId }])
    expect((await bed.control('GET', `/locations/${LOC}/custom-fields`)).body).toMatchObject([
      { fieldKey: 'contact.yelp_lead_id' },
    ])
    expect((await bed.control('GET', `/locations/${LOC}/conversations`)).body).toMatchObject([
      { id: conversationId, lastMessageBody: 'hi', unreadCount: 1 },
    ])
    expect((await bed.control('GET', `/locations/${LOC}/messages`)).body).toMatchObject([
      { conversationId, body: 'hi' },
    ])
  })

  it('state shows the world; reset clears data and keeps configuration', async () => {
    await bed.control('POST', '/reply-url', { url: 'http://hub.test/reply' })
    await bed.call('POST', '/contacts/upsert', { body: { locationId: LOC, email: 'pat@example.com' } })
    const state = (await fetch(`${bed.url}/__sim/state`).then((r) => r.json())) as Record<string, unknown[]>
    expect(state).toMatchObject({
      name: 'ghl',
      locations: [{ id: LOC }],
      contacts: [{ email: 'pat@example.com' }],
    })
    expect(state.publicKeys).toMatchObject({ ed25519: { spkiBase64: bed.sim.env().GHL_WEBHOOK_PUBLIC_KEY } })
    await fetch(`${bed.url}/__sim/reset`, { method: 'POST' })
    const after = (await fetch(`${bed.url}/__sim/state`).then((r) => r.json())) as Record<string, unknown[]>
    expect(after).toMatchObject({ locations: [], contacts: [], accessTokens: [], messages: [] })
    expect((await bed.control('GET', '/reply-url')).body).toEqual({ replyUrl: 'http://hub.test/reply' })
    expect((await bed.call('GET', `/locations/${LOC}/customFields`)).status).toBe(401)
  })

  it('env() gives the docs/spec/product.md §5 lines for one server behind both bases', () => {
    expect(bed.sim.env()).toEqual({
      GHL_CLIENT_ID: 'ghl-sim-client-id',
      GHL_CLIENT_SECRET: 'ghl-sim-client-secret',
      GHL_API_BASE: bed.url,
      GHL_AUTH_BASE: bed.url,
      GHL_CONVERSATION_PROVIDER_ID: bed.sim.config.conversationProviderId,
      // An Ed25519 SPKI in base64 starts like GHL's published key (docs/providers/ghl.md §10).
      GHL_WEBHOOK_PUBLIC_KEY: expect.stringMatching(/^MCowBQYDK2VwAyEA[A-Za-z0-9+/]{43}=$/),
    })
  })

  describe('faults on GHL routes fire as configured, then stop', () => {
    const upsert = () =>
      bed.call('POST', '/contacts/upsert', { body: { locationId: LOC, email: 'pat@example.com' } })
    const addFault = (fault: Record<string, unknown>) =>
      fetch(`${bed.url}/__sim/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(fault),
      })

    it.each([500, 502, 503])('%i for the next two requests', async (status) => {
      const body = { statusCode: status, message: 'Simulated' }
      expect(
        (await addFault({ method: 'POST', path: '/contacts/upsert', status, body, times: 2 })).status,
      ).toBe(201)
      const results = [await upsert(), await upsert(), await upsert()]
      expect(results.map((r) => r.status)).toEqual([status, status, 200])
      expect(results[0]?.body).toEqual(body)
    })

    it.each([
      [503, { statusCode: 503, message: 'Service Unavailable' }],
      [500, { statusCode: 500, message: 'Internal server error' }],
      [429, { statusCode: 429, message: 'Too Many Requests' }],
    ])('%i without a body answers in GHL’s error shape', async (status, expected) => {
      await addFault({ path: '/contacts/upsert', status })
      const faulted = await upsert()
      expect([faulted.status, faulted.body]).toEqual([status, expected])
    })

    it('a fault on the documented /contacts/ also fires on /contacts', async () => {
      await addFault({ method: 'POST', path: '/contacts/', status: 503 })
      const create = () =>
        bed.call('POST', '/contacts', { body: { locationId: LOC, email: 'x@example.com' } })
      expect((await create()).status).toBe(503)
      expect((await create()).status).toBe(201)
    })

    it('a delay, then the real answer', async () => {
      await addFault({ path: '/contacts/*', delayMs: 150 })
      const started = Date.now()
      expect((await upsert()).status).toBe(200)
      expect(Date.now() - started).toBeGreaterThanOrEqual(140)
      const quick = Date.now()
      await upsert()
      expect(Date.now() - quick).toBeLessThan(140)
    })

    it('a dropped connection, once', async () => {
      await addFault({ method: 'POST', path: '/contacts/upsert', drop: true })
      await expect(upsert()).rejects.toThrow()
      expect((await upsert()).status).toBe(200)
    })

    it('a 429 with rate-limit headers', async () => {
      await addFault({
        path: '/contacts/upsert',
        status: 429,
        body: { statusCode: 429, message: 'Too Many Requests' },
        headers: { 'X-RateLimit-Remaining': '0', 'X-RateLimit-Max': '100' },
      })
      const limited = await upsert()
      expect(limited.status).toBe(429)
      expect(limited.headers.get('x-ratelimit-remaining')).toBe('0')
      expect((await upsert()).status).toBe(200)
    })
  })
})
