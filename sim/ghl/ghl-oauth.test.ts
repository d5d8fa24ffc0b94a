import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { GHL_SAMPLE, type GhlTestBed, startGhlTestBed } from './ghl-test.helpers.ts'

const REDIRECT = 'http://hub.test/api/ghl/callback'

describe('GHL simulator: OAuth (docs/providers/ghl.md §5)', () => {
  let bed: GhlTestBed
  beforeAll(async () => {
    bed = await startGhlTestBed()
  })
  afterAll(() => bed.close())
  beforeEach(() => bed.resetWorld())

  const authorizeUrl = (path: string, params: Record<string, string>) =>
    `${bed.url}${path}?${new URLSearchParams(params)}`
  const goodParams = () => ({
    response_type: 'code',
    client_id: bed.sim.config.clientId,
    redirect_uri: REDIRECT,
    scope: 'contacts.readonly contacts.write',
    state: 'st-123',
  })
  const client = () => ({ client_id: bed.sim.config.clientId, client_secret: bed.sim.config.clientSecret })

  async function codeFor(params = goodParams()): Promise<string> {
    const response = await fetch(authorizeUrl('/v2/oauth/chooselocation', params), { redirect: 'manual' })
    return new URL(response.headers.get('location') ?? '').searchParams.get('code') ?? ''
  }

  it.each(['/v2/oauth/chooselocation', '/oauth/chooselocation'])(
    'authorize on %s redirects 302 to redirect_uri with code and state',
    async (path) => {
      const response = await fetch(authorizeUrl(path, goodParams()), { redirect: 'manual' })
      expect(response.status).toBe(302)
      const target = new URL(response.headers.get('location') ?? '')
      expect(`${target.origin}${target.pathname}`).toBe(REDIRECT)
      expect(target.searchParams.get('code')).toMatch(/^[0-9a-f]{40}$/)
      expect(target.searchParams.get('state')).toBe('st-123')
    },
  )

  it.each([
    ['an unknown client_id', { client_id: 'other' }, 'Invalid client_id'],
    ['response_type other than code', { response_type: 'token' }, 'response_type must be code'],
    ['a redirect_uri that is not a URL', { redirect_uri: 'nope' }, 'redirect_uri is invalid'],
  ])('authorize refuses %s with 400', async (_name, override, message) => {
    const response = await fetch(authorizeUrl('/v2/oauth/chooselocation', { ...goodParams(), ...override }), {
      redirect: 'manual',
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ statusCode: 400, message })
  })

  it('authorize answers error=access_denied when the user is set to deny', async () => {
    await bed.control('POST', '/authorize/next', { deny: true })
    const response = await fetch(authorizeUrl('/oauth/chooselocation', goodParams()), { redirect: 'manual' })
    const target = new URL(response.headers.get('location') ?? '')
    expect(Object.fromEntries(target.searchParams)).toEqual({ error: 'access_denied', state: 'st-123' })
  })

  it('the authorization code gives the documented token response', async () => {
    const result = await bed.tokenRequest({
      ...client(),
      grant_type: 'authorization_code',
      code: await codeFor(),
    })
    expect(result.status).toBe(200)
    expect(result.body).toEqual({
      access_token: expect.stringMatching(/^eyJ/),
      token_type: 'Bearer',
      expires_in: 86399,
      refresh_token: expect.any(String),
      scope: 'contacts.readonly contacts.write',
      userType: 'Location',
      locationId: GHL_SAMPLE.locationId,
      companyId: GHL_SAMPLE.companyId,
      userId: GHL_SAMPLE.userId,
      isBulkInstallation: false,
    })
  })

  it('user_type=Company gives an agency token without locationId', async () => {
    const result = await bed.tokenRequest({
      ...client(),
      grant_type: 'authorization_code',
      code: await codeFor(),
      user_type: 'Company',
    })
    const body = result.body as Record<string, unknown>
    expect(body.userType).toBe('Company')
    expect(body.locationId).toBeUndefined()
    expect(body.approvedLocations).toEqual([GHL_SAMPLE.locationId])
  })

  it.each<[string, () => Promise<Record<string, string>>, number, unknown]>([
    [
      'a JSON body',
      async () => ({ json: 'yes' }),
      400,
      { statusCode: 400, message: 'Invalid request: content must be application/x-www-form-urlencoded' },
    ],
    [
      'missing fields',
      async () => ({}),
      422,
      {
        statusCode: 422,
        message: [
          'client_id should not be empty',
          'client_secret should not be empty',
          'grant_type should not be empty',
        ],
        error: 'Unprocessable Entity',
      },
    ],
    [
      'an unknown form field',
      async () => ({ ...client(), grant_type: 'refresh_token', refresh_token: 'x', extra: '1' }),
      422,
      { statusCode: 422, message: ['property extra should not exist'], error: 'Unprocessable Entity' },
    ],
    [
      'an unknown grant_type',
      async () => ({ ...client(), grant_type: 'password' }),
      422,
      {
        statusCode: 422,
        message: [
          'grant_type must be one of the following values: authorization_code, refresh_token, client_credentials',
        ],
        error: 'Unprocessable Entity',
      },
    ],
    [
      'a wrong client secret',
      async () => ({ ...client(), client_secret: 'wrong', grant_type: 'authorization_code', code: 'x' }),
      401,
      { statusCode: 401, message: 'Invalid client: client is invalid', error: 'Unauthorized' },
    ],
    [
      'an unknown code',
      async () => ({ ...client(), grant_type: 'authorization_code', code: 'nope' }),
      400,
      { statusCode: 400, message: 'Invalid grant: authorization code is invalid' },
    ],
    [
      'a redirect_uri other than the authorize one',
      async () => ({
        ...client(),
        grant_type: 'authorization_code',
        code: await codeFor(),
        redirect_uri: 'http://x.test/',
      }),
      400,
      { statusCode: 400, message: 'Invalid request: `redirect_uri` is invalid' },
    ],
    [
      'an unknown refresh token',
      async () => ({ ...client(), grant_type: 'refresh_token', refresh_token: 'nope' }),
      400,
      { statusCode: 400, message: 'Invalid grant: refresh token is invalid' },
    ],
    [
      'client_credentials',
      async () => ({ ...client(), grant_type: 'client_credentials' }),
      400,
      { statusCode: 400, message: 'Unsupported grant type: `grant_type` is invalid' },
    ],
  ])('POST /oauth/token refuses %s', async (name, form, status, body) => {
    const fields = await form()
    const response =
      name === 'a JSON body'
        ? await fetch(`${bed.url}/oauth/token`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ ...client(), grant_type: 'authorization_code', code: 'x' }),
          }).then(async (r) => ({ status: r.status, body: await r.json() }))
        : await bed.tokenRequest(fields)
    expect(response.status).toBe(status)
    expect(response.body).toEqual(body)
  })

  it('an authorization code works once, and not after it expires', async () => {
    const code = await codeFor()
    const form = { ...client(), grant_type: 'authorization_code', code }
    expect((await bed.tokenRequest(form)).status).toBe(200)
    expect((await bed.tokenRequest(form)).body).toEqual({
      statusCode: 400,
      message: 'Invalid grant: authorization code is invalid',
    })
    const late = await codeFor()
    bed.sim.server.clock.advance(601_000)
    expect((await bed.tokenRequest({ ...form, code: late })).body).toEqual({
      statusCode: 400,
      message: 'Invalid grant: authorization code has expired',
    })
  })

  it('refresh tokens rotate and are single-use', async () => {
    const first = await bed.authorize()
    const refresh = {
      ...client(),
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token ?? '',
      user_type: 'Location',
    }
    const second = await bed.tokenRequest(refresh)
    expect(second.status).toBe(200)
    const rotated = second.body as Record<string, string>
    expect(rotated.refresh_token).not.toBe(first.refresh_token)
    expect(rotated.locationId).toBe(GHL_SAMPLE.locationId)
    const reuse = await bed.tokenRequest(refresh)
    expect(reuse).toMatchObject({
      status: 400,
      body: { statusCode: 400, message: 'Invalid grant: refresh token is invalid' },
    })
    const next = await bed.tokenRequest({ ...refresh, refresh_token: rotated.refresh_token ?? '' })
    expect(next.status).toBe(200)
  })

  it('refresh answers "Location is not active" for a suspended sub-account and keeps the token', async () => {
    const { refresh_token } = await bed.authorize()
    await bed.control('PATCH', `/locations/${GHL_SAMPLE.locationId}`, { isActive: false })
    const form = { ...client(), grant_type: 'refresh_token', refresh_token: refresh_token ?? '' }
    expect(await bed.tokenRequest(form)).toMatchObject({
      status: 400,
      body: { statusCode: 400, message: 'Location is not active' },
    })
    await bed.control('PATCH', `/locations/${GHL_SAMPLE.locationId}`, { isActive: true })
    expect((await bed.tokenRequest(form)).status).toBe(200)
  })

  it('refresh tokens expire after their lifetime and revoked ones stop working', async () => {
    const { refresh_token } = await bed.authorize()
    const form = { ...client(), grant_type: 'refresh_token', refresh_token: refresh_token ?? '' }
    await bed.control('POST', `/locations/${GHL_SAMPLE.locationId}/revoke-tokens`)
    expect((await bed.tokenRequest(form)).body).toEqual({
      statusCode: 400,
      message: 'Invalid grant: refresh token is invalid',
    })
    const fresh = await bed.authorize()
    bed.sim.server.clock.advance(366 * 24 * 3600_000)
    expect((await bed.tokenRequest({ ...form, refresh_token: fresh.refresh_token ?? '' })).body).toEqual({
      statusCode: 400,
      message: 'Invalid grant: refresh token has expired',
    })
  })

  it('access tokens expire on the sim clock', async () => {
    const path = `/locations/${GHL_SAMPLE.locationId}/customFields`
    expect((await bed.call('GET', path)).status).toBe(200)
    bed.sim.server.clock.advance(86_399_000)
    expect(await bed.call('GET', path)).toMatchObject({
      status: 401,
      body: { statusCode: 401, message: 'Invalid JWT', error: 'Unauthorized' },
    })
  })

  it('an agency token gets a location token from /oauth/locationToken', async () => {
    const code = await codeFor({ ...goodParams(), scope: 'oauth.write contacts.readonly' })
    const agency = await bed.tokenRequest({
      ...client(),
      grant_type: 'authorization_code',
      code,
      user_type: 'Company',
    })
    const agencyToken = (agency.body as Record<string, string>).access_token ?? ''
    const response = await fetch(`${bed.url}/oauth/locationToken`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${agencyToken}`,
        version: '2021-07-28',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ companyId: GHL_SAMPLE.companyId, locationId: GHL_SAMPLE.locationId }),
    })
    expect(response.status).toBe(200)
    const body = (await response.json()) as Record<string, string>
    expect(body).toMatchObject({
      userType: 'Location',
      locationId: GHL_SAMPLE.locationId,
      scope: 'oauth.write contacts.readonly',
    })
    const contacts = await bed.call('GET', '/contacts/search/duplicate?locationId=LocAAA111&email=a%40b.c', {
      token: body.access_token ?? '',
    })
    expect(contacts.status).toBe(200)
  })
})
