import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { YelpSim } from './yelp-sim.ts'
import { call, startSim, tokenErrorBody, yelpErrorBody } from './yelp-test.helpers.ts'
import type { YelpTokenResponse } from './yelp-token.service.ts'

const CLIENT = { client_id: 'sim-yelp-client-id', client_secret: 'sim-yelp-client-secret' }
const REDIRECT = 'https://hub.example/api/yelp/callback'
const DAY = 24 * 3600 * 1000

let sim: YelpSim
let url: string

beforeAll(async () => {
  ;({ sim, url } = await startSim({ rateLimitPerSecond: 0 }))
})
afterAll(() => sim.close())
beforeEach(() => {
  sim.reset()
  sim.addUser({ id: 'u1', displayName: 'Alex Rivera' })
  sim.addUser({ id: 'u2', displayName: 'Other Owner' })
  sim.addBusiness({ id: 'b1', name: 'Acme Roofing', adminUserIds: ['u1'] })
  sim.addBusiness({ id: 'b2', name: 'Acme Gutters', adminUserIds: ['u1'] })
  sim.addBusiness({ id: 'b3', name: 'Someone Else', adminUserIds: ['u2'] })
})

function authorizePath(overrides: Record<string, string | null | undefined> = {}) {
  const params: Record<string, string | null | undefined> = {
    response_type: 'code',
    client_id: CLIENT.client_id,
    redirect_uri: REDIRECT,
    scope: 'leads',
    state: 'st-123',
    ...overrides,
  }
  const query = new URLSearchParams(
    Object.entries(params).filter((e): e is [string, string] => e[1] !== null),
  )
  return `/oauth2/authorize?${query}`
}

async function authorizeCode(): Promise<string> {
  const response = await call(url, 'GET', authorizePath())
  const code = new URL(response.headers.get('location') ?? '').searchParams.get('code')
  if (!code) throw new Error(`no code in ${response.headers.get('location')}`)
  return code
}

async function exchange(
  path: '/oauth2/token' | '/oauth2/token/v3',
  code: string,
  extra: Record<string, string> = {},
) {
  return call(url, 'POST', path, {
    form: { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, ...CLIENT, ...extra },
  })
}

async function connect(path: '/oauth2/token' | '/oauth2/token/v3' = '/oauth2/token/v3') {
  const response = await exchange(path, await authorizeCode())
  expect(response.status).toBe(200)
  return response.body as YelpTokenResponse
}

async function refresh(path: '/oauth2/token' | '/oauth2/token/v3', refreshToken: string) {
  return call(url, 'POST', path, {
    form: { grant_type: 'refresh_token', refresh_token: refreshToken, ...CLIENT },
  })
}

async function businessesWith(token: string) {
  return call(url, 'GET', '/token/v1/businesses', { token })
}

describe('GET /oauth2/authorize', () => {
  it.each([
    { name: 'auto-approves with code and state', query: {}, location: { code: 'any', state: 'st-123' } },
    {
      name: 'keeps the redirect_uri query',
      query: { redirect_uri: `${REDIRECT}?x=1` },
      location: { code: 'any', state: 'st-123', x: '1' },
    },
    { name: 'no state given: none returned', query: { state: null }, location: { code: 'any' } },
    {
      name: 'wrong response_type',
      query: { response_type: 'token' },
      location: { error: 'unsupported_response_type', state: 'st-123' },
    },
    {
      name: 'scope without leads',
      query: { scope: 'r2r_get_businesses' },
      location: { error: 'invalid_scope', state: 'st-123' },
    },
  ])('$name → 302', async ({ query, location }) => {
    const response = await call(url, 'GET', authorizePath(query))
    expect(response.status).toBe(302)
    const target = new URL(response.headers.get('location') ?? '')
    expect(`${target.origin}${target.pathname}`).toBe(REDIRECT)
    const params = Object.fromEntries(target.searchParams)
    expect(Object.keys(params).sort()).toEqual(Object.keys(location).sort())
    for (const [key, value] of Object.entries(location)) if (value !== 'any') expect(params[key]).toBe(value)
  })

  it('answers error=access_denied (with state) when the deny switch is on, set through the control API', async () => {
    expect(
      (await call(url, 'PUT', '/__sim/yelp/settings', { json: { denyAuthorization: true } })).status,
    ).toBe(200)
    const response = await call(url, 'GET', authorizePath())
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`${REDIRECT}?error=access_denied&state=st-123`)
  })

  it.each([
    { name: 'unknown client_id', query: { client_id: 'nope' } },
    { name: 'missing redirect_uri', query: { redirect_uri: null } },
    { name: 'relative redirect_uri', query: { redirect_uri: '/callback' } },
  ])('$name → 400 page, no redirect', async ({ query }) => {
    const response = await call(url, 'GET', authorizePath(query))
    expect(response.status).toBe(400)
    expect(response.headers.get('location')).toBeNull()
    expect(response.headers.get('content-type')).toContain('text/html')
  })

  it('refuses when no Yelp user is signed in (nothing seeded)', async () => {
    sim.reset()
    const response = await call(url, 'GET', authorizePath())
    expect(response.status).toBe(400)
    expect(response.text).toContain('/__sim/yelp/users')
  })

  it('grants for the user chosen through the control API', async () => {
    await call(url, 'PUT', '/__sim/yelp/settings', { json: { authorizeAsUserId: 'u2' } })
    const tokens = await connect()
    expect((await businessesWith(tokens.access_token)).body).toEqual({ business_ids: ['b3'] })
  })

  it('accepts only registered redirect URIs when they are configured', async () => {
    const strict = await startSim({ redirectUris: [REDIRECT] })
    try {
      strict.sim.addUser({ id: 'u1' })
      const ok = await call(strict.url, 'GET', authorizePath())
      const other = await call(strict.url, 'GET', authorizePath({ redirect_uri: 'https://evil.example/cb' }))
      expect([ok.status, other.status]).toEqual([302, 400])
    } finally {
      await strict.sim.close()
    }
  })
})

describe('POST /oauth2/token and /oauth2/token/v3: code exchange', () => {
  it.each(['/oauth2/token', '/oauth2/token/v3'] as const)(
    '%s returns the documented token fields',
    async (path) => {
      const response = await exchange(path, await authorizeCode())
      expect(response.status).toBe(200)
      const now = sim.clock.now()
      expect(response.body).toEqual({
        access_token: expect.stringMatching(/^[\w-]{128}$/),
        token_type: 'Bearer',
        expires_in: 604800,
        expires_on: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/),
        refresh_token: expect.stringMatching(/^[\w-]{128}$/),
        refresh_token_expires_in: 31536000,
        refresh_token_expires_on: expect.stringMatching(/\+00:00$/),
        scope: 'leads',
      })
      const body = response.body as YelpTokenResponse
      expect(Math.abs(Date.parse(body.expires_on) - (now + 7 * DAY))).toBeLessThan(2000)
    },
  )

  it.each([
    { name: 'JSON body instead of form', send: 'json', fields: {}, status: 400, id: 'INVALID_REQUEST' },
    {
      name: 'no client_secret',
      send: 'form',
      fields: { client_secret: null },
      status: 400,
      id: 'INVALID_REQUEST',
    },
    {
      name: 'unknown client_id',
      send: 'form',
      fields: { client_id: 'nope' },
      status: 404,
      id: 'CLIENT_NOT_FOUND',
    },
    {
      name: 'wrong client_secret',
      send: 'form',
      fields: { client_secret: 'nope' },
      status: 401,
      id: 'INVALID_CLIENT',
    },
    { name: 'no grant_type', send: 'form', fields: { grant_type: null }, status: 400, id: 'INVALID_REQUEST' },
    {
      name: 'unsupported grant_type',
      send: 'form',
      fields: { grant_type: 'password' },
      status: 400,
      id: 'UNSUPPORTED_GRANT_TYPE',
    },
    { name: 'unknown code', send: 'form', fields: { code: 'not-a-code' }, status: 400, id: 'INVALID_TOKEN' },
    { name: 'no code', send: 'form', fields: { code: null }, status: 400, id: 'INVALID_REQUEST' },
    {
      name: 'other redirect_uri',
      send: 'form',
      fields: { redirect_uri: 'https://other.example/cb' },
      status: 400,
      id: 'INVALID_REQUEST',
    },
    {
      name: 'refresh without refresh_token',
      send: 'form',
      fields: { grant_type: 'refresh_token' },
      status: 400,
      id: 'INVALID_REQUEST',
    },
  ])('$name → $status $id', async ({ send, fields, status, id }) => {
    const code = await authorizeCode()
    const all: Record<string, string | null> = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      ...CLIENT,
      ...fields,
    }
    const form = Object.fromEntries(Object.entries(all).filter((e): e is [string, string] => e[1] !== null))
    for (const path of ['/oauth2/token', '/oauth2/token/v3']) {
      const response = await call(url, 'POST', path, send === 'json' ? { json: form } : { form })
      expect(response.status).toBe(status)
      expect(response.body).toEqual(tokenErrorBody(id, status))
    }
  })

  it('codes are single-use', async () => {
    const code = await authorizeCode()
    expect((await exchange('/oauth2/token/v3', code)).status).toBe(200)
    const again = await exchange('/oauth2/token/v3', code)
    expect([again.status, again.body]).toEqual([400, tokenErrorBody('INVALID_TOKEN', 400)])
  })

  it.each([
    { advanceMs: 5 * 60_000 - 1000, status: 200 },
    { advanceMs: 5 * 60_000, status: 400 },
  ])('a code used $advanceMs ms after issue → $status (5-minute lifetime)', async ({ advanceMs, status }) => {
    const code = await authorizeCode()
    sim.clock.advance(advanceMs)
    expect((await exchange('/oauth2/token', code)).status).toBe(status)
  })
})

describe('access tokens and business discovery', () => {
  it('GET /token/v1/businesses lists the businesses the user administers', async () => {
    const tokens = await connect()
    const response = await businessesWith(tokens.access_token)
    expect([response.status, response.body]).toEqual([200, { business_ids: ['b1', 'b2'] }])
  })

  it.each([
    { name: 'no Authorization header', token: undefined },
    { name: 'an unknown token', token: 'nope' },
    { name: 'the Places API key', token: 'sim-yelp-api-key' },
  ])('$name → 401 TOKEN_INVALID', async ({ token }) => {
    const response = await businessesWith(token as string)
    expect([response.status, response.body]).toEqual([401, yelpErrorBody('TOKEN_INVALID')])
  })

  it('an access token works until 7 days have passed on the sim clock, then 401 TOKEN_INVALID', async () => {
    const tokens = await connect()
    sim.clock.advance(7 * DAY - 2000)
    expect((await businessesWith(tokens.access_token)).status).toBe(200)
    sim.clock.advance(2000)
    const expired = await businessesWith(tokens.access_token)
    expect([expired.status, expired.body]).toEqual([401, yelpErrorBody('TOKEN_INVALID')])
  })

  it('POST /oauth2/revoke with the refresh token ends the grant and its access tokens', async () => {
    const tokens = await connect()
    const revoked = await call(url, 'POST', '/oauth2/revoke', {
      form: { ...CLIENT, token: tokens.refresh_token },
    })
    expect([revoked.status, revoked.body]).toEqual([200, {}])
    expect((await businessesWith(tokens.access_token)).status).toBe(401)
    expect((await refresh('/oauth2/token/v3', tokens.refresh_token)).status).toBe(400)
  })
})

describe('refresh: v2 keeps the refresh token, v3 rotates it', () => {
  it('v2 returns the same refresh token with its expiry unchanged, and a new working access token', async () => {
    const first = await connect('/oauth2/token')
    sim.clock.advance(DAY)
    const response = await refresh('/oauth2/token', first.refresh_token)
    expect(response.status).toBe(200)
    const second = response.body as YelpTokenResponse
    expect(second.refresh_token).toBe(first.refresh_token)
    expect(second.refresh_token_expires_on).toBe(first.refresh_token_expires_on)
    // Real time passes between the calls too, hence a one-second tolerance.
    const drift = first.refresh_token_expires_in - 24 * 3600 - second.refresh_token_expires_in
    expect(drift >= 0 && drift <= 1).toBe(true)
    expect(second.access_token).not.toBe(first.access_token)
    expect((await businessesWith(second.access_token)).status).toBe(200)
    // v2 can be used again with the same token.
    expect((await refresh('/oauth2/token', first.refresh_token)).status).toBe(200)
  })

  it('v3 issues a new refresh token each time; the new one works', async () => {
    const first = await connect()
    const second = (await refresh('/oauth2/token/v3', first.refresh_token)).body as YelpTokenResponse
    expect(second.refresh_token).not.toBe(first.refresh_token)
    expect(second.refresh_token_expires_in).toBe(31536000)
    const third = await refresh('/oauth2/token/v3', second.refresh_token)
    expect(third.status).toBe(200)
    expect((await businessesWith((third.body as YelpTokenResponse).access_token)).status).toBe(200)
  })

  it('v3 with a stale (already rotated) refresh token → 400 and the active refresh token is revoked', async () => {
    const first = await connect()
    const second = (await refresh('/oauth2/token/v3', first.refresh_token)).body as YelpTokenResponse
    const stale = await refresh('/oauth2/token/v3', first.refresh_token)
    expect([stale.status, stale.body]).toEqual([400, tokenErrorBody('INVALID_TOKEN', 400)])
    const active = await refresh('/oauth2/token/v3', second.refresh_token)
    expect([active.status, active.body]).toEqual([400, tokenErrorBody('INVALID_TOKEN', 400)])
    // Only the refresh side is revoked (docs/providers/yelp.md §4); the live access token runs out on its own.
    expect((await businessesWith(second.access_token)).status).toBe(200)
  })

  it('v3 with an expired refresh token (365 days) → 400 and the grant is dead', async () => {
    const first = await connect()
    sim.clock.advance(365 * DAY)
    expect((await refresh('/oauth2/token/v3', first.refresh_token)).status).toBe(400)
    sim.reset() // nothing else to check: a fresh authorization is the only way back
  })

  it('v2 with a stale refresh token → 400 but does not revoke the active one', async () => {
    const first = await connect()
    const second = (await refresh('/oauth2/token/v3', first.refresh_token)).body as YelpTokenResponse
    expect((await refresh('/oauth2/token', first.refresh_token)).status).toBe(400)
    expect((await refresh('/oauth2/token/v3', second.refresh_token)).status).toBe(200)
  })

  it('a refresh token from another client is refused', async () => {
    const first = await connect()
    const response = await call(url, 'POST', '/oauth2/token/v3', {
      form: {
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token,
        client_id: 'nope',
        client_secret: 'x',
      },
    })
    expect([response.status, response.body]).toEqual([404, tokenErrorBody('CLIENT_NOT_FOUND', 404)])
  })
})
