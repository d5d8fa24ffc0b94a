import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  GHL_SAMPLE,
  type GhlTestBed,
  startGhlTestBed,
  V_CONTACTS,
  V_CONVERSATIONS,
} from './ghl-test.helpers.ts'

const LOC = GHL_SAMPLE.locationId

/** One request per resource group and method, with the Version each group needs (docs/providers/ghl.md intro). */
const ROUTES: Array<[string, string, string, unknown?]> = [
  ['POST', '/contacts/upsert', V_CONTACTS, { locationId: LOC }],
  ['POST', '/contacts/', V_CONTACTS, { locationId: LOC }],
  ['GET', `/contacts/search/duplicate?locationId=${LOC}`, V_CONTACTS],
  ['GET', `/locations/${LOC}/customFields`, V_CONTACTS],
  ['POST', `/locations/${LOC}/customFields`, V_CONTACTS, { name: 'X', dataType: 'TEXT' }],
  ['GET', `/conversations/search?locationId=${LOC}`, V_CONVERSATIONS],
  ['POST', '/conversations/messages/inbound', V_CONVERSATIONS, {}],
]

describe('GHL simulator: gateway rules', () => {
  let bed: GhlTestBed
  beforeAll(async () => {
    bed = await startGhlTestBed()
  })
  afterAll(() => bed.close())
  beforeEach(() => bed.resetWorld())

  describe('Version header (docs/providers/ghl.md intro, pitfall 8)', () => {
    it.each(ROUTES)('%s %s without Version → 400', async (method, path, _version, body) => {
      expect(await bed.call(method, path, { version: null, body })).toMatchObject({
        status: 400,
        body: { statusCode: 400, message: 'Version header was not found' },
      })
    })

    it.each(ROUTES)('%s %s with the other group’s Version → 400', async (method, path, version, body) => {
      const wrong = version === V_CONTACTS ? V_CONVERSATIONS : V_CONTACTS
      expect(await bed.call(method, path, { version: wrong, body })).toMatchObject({
        status: 400,
        body: { statusCode: 400, message: 'Version header is invalid' },
      })
    })
  })

  describe('401 shapes (common-schemas UnauthorizedDTO)', () => {
    const invalid = {
      statusCode: 401,
      message: 'Invalid token: access token is invalid',
      error: 'Unauthorized',
    }
    it.each<[string, () => Promise<string | null>, unknown]>([
      ['no Authorization header', async () => null, invalid],
      ['an unknown token', async () => 'not-a-token', invalid],
      [
        'a token without the scope',
        async () => (await bed.authorize('contacts.write')).access_token ?? '',
        { statusCode: 401, message: 'The token is not authorized for this scope.', error: 'Unauthorized' },
      ],
      [
        'an agency token on a sub-account endpoint',
        async () => {
          const query = new URLSearchParams({
            response_type: 'code',
            client_id: bed.sim.config.clientId,
            redirect_uri: 'http://hub.test/cb',
          })
          const redirect = await fetch(`${bed.url}/oauth/chooselocation?${query}`, { redirect: 'manual' })
          const code = new URL(redirect.headers.get('location') ?? '').searchParams.get('code') ?? ''
          const result = await bed.tokenRequest({
            client_id: bed.sim.config.clientId,
            client_secret: bed.sim.config.clientSecret,
            grant_type: 'authorization_code',
            code,
            user_type: 'Company',
          })
          return (result.body as Record<string, string>).access_token ?? ''
        },
        {
          statusCode: 401,
          message:
            'This authClass type is not allowed to access this scope. Please reach out to the Platform team to get it added.',
          error: 'Unauthorized',
        },
      ],
    ])('%s → 401', async (_name, token, body) => {
      const response = await bed.call('GET', `/contacts/search/duplicate?locationId=${LOC}`, {
        token: await token(),
      })
      expect(response).toMatchObject({ status: 401, body })
    })
  })

  it('a token for another location → 403', async () => {
    bed.sim.seedLocation({ id: 'LocOther999', companyId: GHL_SAMPLE.companyId })
    expect(await bed.call('GET', '/locations/LocOther999/customFields')).toMatchObject({
      status: 403,
      body: { statusCode: 403, message: 'The token does not have access to this location.' },
    })
  })

  describe('unknown properties → 422 (docs/providers/ghl.md §7, issue #262)', () => {
    it.each<
      [string, string, (ids: { contactId: string; fieldId: string; messageId: string }) => unknown, string]
    >([
      [
        'POST',
        '/contacts/upsert',
        () => ({ locationId: LOC, additionalEmails: ['x@y.z'] }),
        'additionalEmails',
      ],
      ['POST', '/contacts/', () => ({ locationId: LOC, nickname: 'P' }), 'nickname'],
      ['PUT', '/contacts/{contactId}', () => ({ locationId: LOC }), 'locationId'],
      ['POST', '/contacts/{contactId}/tags', () => ({ tags: ['a'], overwrite: true }), 'overwrite'],
      [
        'POST',
        `/locations/${LOC}/customFields`,
        () => ({ name: 'A', dataType: 'TEXT', fieldKey: 'k' }),
        'fieldKey',
      ],
      [
        'PUT',
        `/locations/${LOC}/customFields/{fieldId}`,
        () => ({ name: 'A', dataType: 'TEXT' }),
        'dataType',
      ],
      [
        'POST',
        '/conversations/',
        ({ contactId }) => ({ locationId: LOC, contactId, channel: 'sms' }),
        'channel',
      ],
      [
        'POST',
        '/conversations/messages/inbound',
        () => ({ type: 'SMS', conversationId: 'c', contactId: 'x', body: 'hi' }),
        'body',
      ],
      [
        'POST',
        '/conversations/messages',
        ({ contactId }) => ({ type: 'SMS', contactId, message: 'hi', locationId: LOC }),
        'locationId',
      ],
      [
        'PUT',
        '/conversations/messages/{messageId}/status',
        () => ({ status: 'delivered', reason: 'x' }),
        'reason',
      ],
    ])('%s %s with "%s"', async (method, template, body, property) => {
      const contact = await bed.call('POST', '/contacts/upsert', {
        body: { locationId: LOC, email: 'pat@example.com' },
      })
      const contactId = (contact.body as { contact: { id: string } }).contact.id
      const field = await bed.call('POST', `/locations/${LOC}/customFields`, {
        body: { name: 'F', dataType: 'TEXT' },
      })
      const fieldId = (field.body as { customField: { id: string } }).customField.id
      const ids = { contactId, fieldId, messageId: 'm' }
      const path = template
        .replace('{contactId}', contactId)
        .replace('{fieldId}', fieldId)
        .replace('{messageId}', 'm')
      expect(await bed.call(method, path, { body: body(ids) })).toMatchObject({
        status: 422,
        body: {
          statusCode: 422,
          message: [`property ${property} should not exist`],
          error: 'Unprocessable Entity',
        },
      })
    })
  })

  it('unknown routes answer Nest’s 404 shape', async () => {
    expect(await bed.call('GET', '/contacts/a/b/c')).toMatchObject({
      status: 404,
      body: { statusCode: 404, message: 'Cannot GET /contacts/a/b/c', error: 'Not Found' },
    })
  })

  describe('rate limit: 100 requests / 10 s per location (docs/providers/ghl.md §10)', () => {
    const path = `/locations/${LOC}/customFields`
    const limits = (headers: Headers) => ({
      daily: headers.get('x-ratelimit-limit-daily'),
      dailyRemaining: headers.get('x-ratelimit-daily-remaining'),
      interval: headers.get('x-ratelimit-interval-milliseconds'),
      max: headers.get('x-ratelimit-max'),
      remaining: headers.get('x-ratelimit-remaining'),
    })

    it('counts down, answers 429 on the 101st request, and recovers after the window', async () => {
      const first = await bed.call('GET', path)
      expect(limits(first.headers)).toEqual({
        daily: '200000',
        dailyRemaining: '199999',
        interval: '10000',
        max: '100',
        remaining: '99',
      })
      const rest = await Promise.all(Array.from({ length: 99 }, () => bed.call('GET', path)))
      expect(rest.every((r) => r.status === 200)).toBe(true)
      const limited = await bed.call('GET', path)
      expect(limited).toMatchObject({ status: 429, body: { statusCode: 429, message: 'Too Many Requests' } })
      expect(limits(limited.headers)).toEqual({
        daily: '200000',
        dailyRemaining: '199900',
        interval: '10000',
        max: '100',
        remaining: '0',
      })
      bed.sim.server.clock.advance(10_000)
      const after = await bed.call('GET', path)
      expect(after.status).toBe(200)
      expect(limits(after.headers).remaining).toBe('99')
    })

    it('keeps one bucket per location', async () => {
      bed.sim.seedLocation({ id: 'LocOther999', companyId: GHL_SAMPLE.companyId })
      const otherKey = bed.sim.createApiKey('LocOther999').token
      await Promise.all(Array.from({ length: 100 }, () => bed.call('GET', path)))
      expect((await bed.call('GET', path)).status).toBe(429)
      expect((await bed.call('GET', '/locations/LocOther999/customFields', { token: otherKey })).status).toBe(
        200,
      )
    })
  })

  it('the daily cap answers 429 until the day rolls over', async () => {
    const small = await startGhlTestBed({ rateLimit: { daily: 3 } })
    try {
      const path = `/locations/${LOC}/customFields`
      const statuses = []
      for (let i = 0; i < 4; i++) {
        small.sim.server.clock.advance(10_000)
        statuses.push((await small.call('GET', path)).status)
      }
      expect(statuses).toEqual([200, 200, 200, 429])
      small.sim.server.clock.advance(24 * 3600_000)
      const next = await small.call('GET', path, { token: (await small.authorize()).access_token ?? '' })
      expect(next.status).toBe(200)
      expect(next.headers.get('x-ratelimit-daily-remaining')).toBe('2')
    } finally {
      await small.close()
    }
  })

  it('a location API key (PIT) authorises calls for its own location only', async () => {
    const key = bed.world.apiKey.token
    expect(key).toMatch(/^pit-[0-9a-f-]{36}$/)
    expect((await bed.call('GET', `/locations/${LOC}/customFields`, { token: key })).status).toBe(200)
    bed.sim.seedLocation({ id: 'LocOther999', companyId: GHL_SAMPLE.companyId })
    expect((await bed.call('GET', '/locations/LocOther999/customFields', { token: key })).status).toBe(403)
    bed.sim.server.clock.advance(400 * 24 * 3600_000)
    expect((await bed.call('GET', `/locations/${LOC}/customFields`, { token: key })).status).toBe(200)
  })
})
