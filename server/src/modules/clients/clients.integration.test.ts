import type { ClientView } from '@common/clients.ts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clients } from '../../db/schema.ts'
import { storedYelpSchema } from '../../repositories/stored-connections.ts'
import { SessionClient } from '../../testing/session-client.ts'
import { readStoredConnection } from '../../testing/stored-connections.ts'
import { type SimulatedWorld, startWithSimulators } from '../../testing/with-simulators.ts'

let world: SimulatedWorld
const db = () => world.server.server.database.db

beforeAll(async () => {
  world = await startWithSimulators()
})
afterAll(() => world?.close())

async function createClient(clientId: string, name = `Client ${clientId}`) {
  const response = await world.admin.post('/api/clients', {
    clientId,
    name,
    email: `${clientId}@example.com`,
  })
  expect(response.status, response.text).toBe(201)
  return response.body as ClientView
}

async function getClient(clientId: string): Promise<ClientView> {
  const response = await world.admin.get(`/api/clients/${clientId}`)
  expect(response.status, response.text).toBe(200)
  return response.body as ClientView
}

describe('client API', () => {
  it.each([
    [{ name: 'Acme' }, 'clientId: Client ID is required'],
    [{ clientId: '', name: 'Acme' }, 'clientId: Client ID is required'],
    [
      { clientId: 'has space', name: 'Acme' },
      'clientId: Client ID may contain only letters, digits, - and _ (no spaces)',
    ],
    [
      { clientId: 'acme/../x', name: 'Acme' },
      'clientId: Client ID may contain only letters, digits, - and _ (no spaces)',
    ],
    [{ clientId: 'acme' }, 'name: Client name is required'],
    [{ clientId: 'acme', name: '   ' }, 'name: Client name is required'],
    [{ clientId: 'acme', name: 'Acme', email: 'nope' }, 'email: Invalid email address'],
    [{ clientId: 42, name: 'Acme' }, 'clientId: Client ID is required'],
  ])('refuses %j with 400 "%s" and creates nothing', async (body, message) => {
    const response = await world.admin.post('/api/clients', body)
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ error: message })
    expect(await db().select().from(clients).where(eq(clients.clientId, 'acme'))).toEqual([])
  })

  it('creates a client with its onboarding URL and status, and refuses a duplicate id with 409', async () => {
    const created = await createClient('acme', 'Acme Roofing')
    expect(created).toMatchObject({
      clientId: 'acme',
      name: 'Acme Roofing',
      email: 'acme@example.com',
      isActive: true,
      ghlCustomFieldsStatus: 'not_configured',
      ghlCustomFieldsCount: 0,
      yelp: { connected: false, needsReauth: false, expiresAt: null },
      ghl: { connected: false, hasApiKey: false, needsReauth: false, expiresAt: null },
    })
    expect(created.onboardingUrl).toMatch(
      new RegExp(`^${world.server.url}/onboard/acme\\?token=[A-Za-z0-9_-]{43}$`),
    )
    const duplicate = await world.admin.post('/api/clients', { clientId: 'acme', name: 'Again' })
    expect(duplicate.status).toBe(409)
    expect(duplicate.body).toEqual({ error: 'Client ID acme already exists' })
    expect((await world.admin.get('/api/clients')).body).toEqual([
      expect.objectContaining({ clientId: 'acme' }),
    ])
  })

  it.each([
    ['GET', '/api/clients/nope', 404, 'Client nope not found'],
    ['PUT', '/api/clients/nope', 404, 'Client nope not found'],
    ['DELETE', '/api/clients/nope', 404, 'Client nope not found'],
  ])('%s %s → %i', async (method, path, status, message) => {
    const response = await world.admin.request(method, path, method === 'PUT' ? { json: { name: 'x' } } : {})
    expect(response.status).toBe(status)
    expect(response.body).toEqual({ error: message })
  })

  it('updates details and refuses unknown properties', async () => {
    const updated = await world.admin.request('PUT', '/api/clients/acme', {
      json: { name: 'Acme Roofing Co.' },
    })
    expect(updated.status).toBe(200)
    expect((updated.body as ClientView).name).toBe('Acme Roofing Co.')
    // Partial (docs/decisions/0016 §2): the email sent at creation stays; null clears it.
    expect((updated.body as ClientView).email).toBe('acme@example.com')
    const cleared = await world.admin.request('PUT', '/api/clients/acme', { json: { email: null } })
    expect(cleared.body).toMatchObject({ name: 'Acme Roofing Co.', email: null })
    await world.admin.request('PUT', '/api/clients/acme', { json: { email: 'acme@example.com' } })
    const unknown = await world.admin.request('PUT', '/api/clients/acme', { json: { accessToken: 'x' } })
    expect(unknown.status).toBe(400)
    expect((unknown.body as { error: string }).error).toMatch(/accessToken|Unrecognized/)
  })
})

describe('Yelp connection', () => {
  it('subscribes the business with the app API key and stores it as subscribed', async () => {
    const response = await world.admin.post('/api/subscribe-webhook', {
      clientId: 'acme',
      businessId: 'acme-roofing-sf',
    })
    expect(response.status, response.text).toBe(200)
    expect(response.body).toEqual({ success: true, businessId: 'acme-roofing-sf', webhookSubscribed: true })
    const call = world.yelp.server.requests.list().find((r) => r.path === '/v3/businesses/subscriptions')
    expect(call?.method).toBe('POST')
    expect(call?.headers.authorization).toBe('Bearer sim-yelp-api-key')
    expect(call?.body).toEqual({ subscription_types: ['WEBHOOK'], business_ids: ['acme-roofing-sf'] })
    expect((await getClient('acme')).yelp).toMatchObject({
      businessId: 'acme-roofing-sf',
      webhookSubscribed: true,
    })
  })

  it('reports a refused subscription with Yelp’s reason and stores nothing', async () => {
    await createClient('bravo')
    const response = await world.admin.post('/api/subscribe-webhook', {
      clientId: 'bravo',
      businessId: 'no-such-business',
    })
    expect(response.status).toBe(502)
    expect((response.body as { error: string }).error).toMatch(
      /^Yelp refused the webhook subscription for business no-such-business: /,
    )
    expect((await getClient('bravo')).yelpTokens).toBeNull()
  })

  it('validates the subscription body', async () => {
    const response = await world.admin.post('/api/subscribe-webhook', { clientId: 'acme', businessId: '' })
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ error: 'businessId: Business ID is required for webhook subscription' })
  })

  it('connects through OAuth, checking the business is reachable, and keeps tokens sealed', async () => {
    const result = await completeOAuthFor('/api/yelp-auth-url?clientId=acme')
    expect(result.status).toBe(200)
    expect(result.page).toContain('Yelp connected')
    const view = await getClient('acme')
    expect(view.yelp.connected).toBe(true)
    expect(view.yelp.expiresAt).not.toBeNull()
    const stored = storedYelpSchema.parse(await readStoredConnection(db(), 'yelp', 'acme'))
    expect(stored.accessToken).toMatch(/^v1\./)
    const simTokens = JSON.stringify(world.yelp.state())
    expect(simTokens).not.toContain(stored.accessToken)
    // The callback was exchanged on the v3 endpoint with the registered redirect URI.
    const exchange = world.yelp.server.requests.list().find((r) => r.path === '/oauth2/token/v3')
    expect(exchange?.body).toMatchObject({
      grant_type: 'authorization_code',
      redirect_uri: `${world.server.url}/api/yelp/callback`,
    })
  })

  it('refuses a replayed state', async () => {
    const callback = await startAndAuthorize('/api/yelp-auth-url?clientId=acme')
    const once = await fetch(callback, { redirect: 'manual' })
    const twice = await fetch(callback, { redirect: 'manual' })
    expect(once.status).toBe(200)
    expect(twice.status).toBe(400)
    expect(await twice.text()).toContain('This authorization link was already used')
  })

  it('refuses to tie one Yelp business to two clients', async () => {
    const subscribe = await world.admin.post('/api/subscribe-webhook', {
      clientId: 'bravo',
      businessId: 'acme-roofing-sf',
    })
    expect(subscribe.status).toBe(409)
    expect(subscribe.body).toEqual({
      error: 'Yelp business acme-roofing-sf is already connected to another client',
    })
    // bravo has no business saved; the sample Yelp user manages only acme's, so OAuth would adopt it.
    const result = await completeOAuthFor('/api/yelp-auth-url?clientId=bravo')
    expect(result.status).toBe(409)
    expect(result.page).toContain('already connected to another client')
    expect((await getClient('bravo')).yelp.connected).toBe(false)
  })

  it('refuses a tampered state', async () => {
    const callback = new URL(await startAndAuthorize('/api/yelp-auth-url?clientId=acme'))
    const state = callback.searchParams.get('state') ?? ''
    callback.searchParams.set('state', `${state.slice(0, -2)}xx`)
    const response = await fetch(callback, { redirect: 'manual' })
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('The authorization link is invalid or was altered.')
  })

  it('refuses an expired state', async () => {
    const callback = new URL(await startAndAuthorize('/api/yelp-auth-url?clientId=acme'))
    const { issueState } = await import('../oauth/oauth-state.ts')
    const { Signer } = await import('../../lib/signer.ts')
    const signer = new Signer(world.server.server.config.appSecret)
    const old = issueState(
      signer,
      { provider: 'yelp', clientId: 'acme', autoSync: false, via: 'dashboard' },
      Date.now() - 11 * 60_000,
    )
    callback.searchParams.set('state', old)
    const response = await fetch(callback, { redirect: 'manual' })
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('expired')
  })

  it('shows denied consent and changes nothing', async () => {
    const before = await getClient('bravo')
    world.yelp.setDenyAuthorization(true)
    try {
      const start = await world.admin.get('/api/yelp-auth-url?clientId=bravo')
      const authorize = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' })
      const callbackUrl = authorize.headers.get('location') ?? ''
      expect(callbackUrl).toContain('error=access_denied')
      const callback = await fetch(callbackUrl, { redirect: 'manual' })
      expect(callback.status).toBe(400)
      expect(await callback.text()).toContain('Yelp access was denied')
    } finally {
      world.yelp.setDenyAuthorization(false)
    }
    expect(await getClient('bravo')).toEqual(before)
  })

  it('refuses a Yelp account that does not manage the saved business', async () => {
    await createClient('charlie')
    await world.admin.request('PUT', '/api/clients/charlie', {
      json: { yelpTokens: { businessId: 'someone-elses-business' } },
    })
    const result = await completeOAuthFor('/api/yelp-auth-url?clientId=charlie')
    expect(result.status).toBe(400)
    expect(result.page).toContain('does not manage business someone-elses-business')
    expect((await getClient('charlie')).yelp.connected).toBe(false)
  })

  it('needs a session with the right permission, or the onboarding token', async () => {
    const anonymous = await new SessionClient(world.server.url).get('/api/yelp-auth-url?clientId=acme')
    expect(anonymous.status).toBe(403)
    const missing = await world.admin.get('/api/yelp-auth-url')
    expect(missing.status).toBe(400)
    expect(missing.text).toContain('Client ID is missing. Please refresh the page and try again.')
    const { onboardingUrl } = await getClient('acme')
    const token = new URL(onboardingUrl).searchParams.get('token')
    const viaLink = await new SessionClient(world.server.url).get(
      `/api/yelp-auth-url?clientId=acme&token=${token}`,
    )
    expect(viaLink.status).toBe(302)
    const forged = await new SessionClient(world.server.url).get(
      `/api/yelp-auth-url?clientId=acme&token=${token?.slice(1)}x`,
    )
    expect(forged.status).toBe(403)
  })
})

describe('GoHighLevel connection and custom fields', () => {
  it('refuses a location key GHL rejects, and stores a good one without ever returning it', async () => {
    const bad = await world.admin.post('/api/clients/acme/ghl/api-key', {
      locationApiKey: 'pit-wrong',
      locationId: 'LocAAA111',
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({
      error: 'locationApiKey: GoHighLevel rejected this key for location LocAAA111',
    })
    expect((await getClient('acme')).ghl.hasApiKey).toBe(false)

    const blank = await world.admin.post('/api/clients/acme/ghl/api-key', { locationApiKey: '  ' })
    expect(blank.body).toEqual({
      error: 'locationApiKey: Invalid Input: Please enter a valid Location API key',
    })

    const key = world.ghlSample.apiKey.token
    const good = await world.admin.post('/api/clients/acme/ghl/api-key', {
      locationApiKey: key,
      locationId: 'LocAAA111',
    })
    expect(good.status, good.text).toBe(200)
    expect(good.body).toEqual({ success: true, hasApiKey: true, locationId: 'LocAAA111' })
    const list = await world.admin.get('/api/clients')
    expect(list.text).not.toContain(key)
    expect(list.text).not.toMatch(/accessToken|refreshToken|ghlLocationApiKey/)
    expect((await getClient('acme')).ghl).toMatchObject({ hasApiKey: true, locationId: 'LocAAA111' })
  })

  it('analyses stored leads, creates the fields in GHL once, and deletes them', async () => {
    const { leads } = await import('../../db/schema.ts')
    await db()
      .insert(leads)
      .values({
        leadId: 'lead-1',
        clientId: 'acme',
        timeCreated: new Date(),
        lastEventTime: new Date(),
        projectData: { job_names: ['Roof repair'], survey_fields: { 'What type of roof?': ['Shingle'] } },
      })
    const analysis = await world.admin.post('/api/clients/acme/ghl/analyze-leads')
    expect(analysis.status).toBe(200)
    expect(analysis.body).toMatchObject({
      surveyQuestions: [{ fieldName: 'What type of roof?', options: ['Shingle'] }],
      jobTypes: ['Roof repair'],
      totalLeads: 1,
    })
    const created = await world.admin.post('/api/clients/acme/ghl/create-custom-fields', analysis.body)
    expect(created.status, created.text).toBe(200)
    expect(created.body).toMatchObject({ fieldsCreated: 8, fieldsExisting: 0 })
    const inGhl = (await (
      await fetch(`${world.ghl.url}/__sim/ghl/locations/LocAAA111/custom-fields`)
    ).json()) as Array<{ name: string }>
    expect(inGhl.map((f) => f.name)).toEqual(expect.arrayContaining(['Yelp Lead ID', 'What type of roof?']))
    expect(await getClient('acme')).toMatchObject({
      ghlCustomFieldsStatus: 'configured',
      ghlCustomFieldsCount: 8,
    })

    const again = await world.admin.post('/api/clients/acme/ghl/create-custom-fields', analysis.body)
    expect(again.body).toMatchObject({ fieldsCreated: 0, fieldsExisting: 8 })
    const records = (await world.admin.get('/api/ghl/custom-fields/acme')).body as Array<{ dataType: string }>
    expect(records).toHaveLength(8)
    const mapping = (await world.admin.get('/api/clients/acme/ghl/custom-fields')).body as {
      fieldMapping: Record<string, string>
    }
    expect(mapping).toMatchObject({ hasApiKey: true, hasCustomFields: true })
    expect(Object.keys(mapping.fieldMapping)).toContain('contact.yelp_lead_id')
    expect((await world.admin.get('/api/clients/acme/survey-questions')).body).toEqual({
      questions: ['What type of roof?'],
    })

    const deleted = await world.admin.post('/api/clients/acme/ghl/delete-custom-fields')
    expect(deleted.body).toEqual({ deletedCount: 8 })
    const afterDelete = (await (
      await fetch(`${world.ghl.url}/__sim/ghl/locations/LocAAA111/custom-fields`)
    ).json()) as unknown[]
    expect(afterDelete).toHaveLength(0)
    expect(await getClient('acme')).toMatchObject({
      ghlCustomFieldsStatus: 'not_configured',
      ghlCustomFieldsCount: 0,
    })

    const modal = await world.admin.post('/api/clients/acme/ghl/create-fields', {
      surveyQuestions: ['What type of roof?'],
    })
    expect(Object.keys((modal.body as { fieldMapping: object }).fieldMapping)).toHaveLength(8)
  })

  it('marks custom-field setup as failed when GHL fails, and says why', async () => {
    world.ghl.server.faults.add({
      method: 'GET',
      path: '/locations/LocAAA111/customFields',
      status: 500,
      body: { statusCode: 500, message: 'Internal' },
      // Past the call's own retries of a failed read.
      times: 10,
    })
    const analysis = await world.admin.post('/api/clients/acme/ghl/analyze-leads')
    const failed = await world.admin.post('/api/clients/acme/ghl/create-custom-fields', analysis.body)
    expect(failed.status).toBe(502)
    expect((failed.body as { error: string }).error).toMatch(
      /Listing GoHighLevel custom fields of location LocAAA111 failed.*: 500 Internal/,
    )
    expect((await getClient('acme')).ghlCustomFieldsStatus).toBe('error')
  })

  it('connects GHL through OAuth (both sides now Connected) and queues the contact sync', async () => {
    const result = await completeOAuthFor('/api/ghl-auth-url?clientId=acme&autoSync=true')
    expect(result.status, result.page).toBe(200)
    expect(result.page).toContain('GoHighLevel connected')
    const view = await getClient('acme')
    expect(view.ghl).toMatchObject({ connected: true, locationId: 'LocAAA111', needsReauth: false })
    expect(view.yelp.connected).toBe(true)
    const jobs = await world.server.server.database.execute(
      "select data from pgboss.job where name = 'ghl-sync-contacts'",
    )
    expect(jobs.rows.map((r) => r.data)).toEqual([{ clientId: 'acme' }])
  })

  it('refuses to tie one GoHighLevel location to two clients', async () => {
    const message = 'GoHighLevel location LocAAA111 is already connected to another client'
    const key = await world.admin.post('/api/clients/bravo/ghl/api-key', {
      locationApiKey: world.ghlSample.apiKey.token,
      locationId: 'LocAAA111',
    })
    expect([key.status, key.body]).toEqual([409, { error: message }])
    const put = await world.admin.request('PUT', '/api/clients/bravo', {
      json: { ghlLocationId: 'LocAAA111' },
    })
    expect([put.status, put.body]).toEqual([409, { error: message }])
    // The sample GHL user's only location is acme's, so OAuth for bravo would pick it.
    const result = await completeOAuthFor('/api/ghl-auth-url?clientId=bravo')
    expect(result.status).toBe(409)
    expect(result.page).toContain('GoHighLevel location LocAAA111 is already connected to another client')
    const bravo = await getClient('bravo')
    expect(bravo.ghl).toMatchObject({ connected: false, hasApiKey: false })
    expect(bravo.ghlLocationId ?? null).toBeNull()
  })

  it('refreshes both tokens now on request, and reports a refused refresh as needs re-auth', async () => {
    const refreshed = await world.admin.post('/api/clients/acme/refresh-tokens')
    expect(refreshed.status).toBe(200)
    expect(refreshed.body).toMatchObject({ yelp: { status: 'refreshed' }, ghl: { status: 'refreshed' } })
    const grants = world.ghl.server.requests.list().filter((r) => r.path === '/oauth/token')
    expect(grants.at(-1)?.body).toMatchObject({ grant_type: 'refresh_token' })

    await fetch(`${world.ghl.url}/__sim/ghl/locations/LocAAA111/revoke-tokens`, { method: 'POST' })
    const refused = await world.admin.post('/api/clients/acme/refresh-tokens')
    expect(refused.body).toMatchObject({ yelp: { status: 'refreshed' }, ghl: { status: 'failed' } })
    expect((await getClient('acme')).ghl.needsReauth).toBe(true)
    const notConnected = await world.admin.post('/api/clients/bravo/refresh-tokens')
    expect(notConnected.body).toEqual({ yelp: { status: 'not_connected' }, ghl: { status: 'not_connected' } })
  })
})

describe('onboarding link', () => {
  function tokenOf(view: ClientView): string {
    return new URL(view.onboardingUrl).searchParams.get('token') ?? ''
  }

  it('shows a not yet connected client’s status with a valid token only, for seven days', async () => {
    await createClient('delta')
    const view = await getClient('delta')
    expect(view.onboardingStatus).toBe('active')
    const days = (new Date(view.onboardingExpiresAt).getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.99)
    expect(days).toBeLessThanOrEqual(7)
    const anonymous = new SessionClient(world.server.url)
    const page = await anonymous.get(`/api/onboard/delta?token=${tokenOf(view)}`)
    expect(page.status).toBe(200)
    expect(page.body).toMatchObject({
      clientId: 'delta',
      yelp: { connected: false },
      ghl: { connected: false },
    })
    for (const bad of ['', '?token=forged', `?token=${tokenOf(view)}x`]) {
      const refused = await anonymous.get(`/api/onboard/delta${bad}`)
      expect(refused.status).toBe(403)
      expect(refused.body).toEqual({ error: 'This onboarding link is invalid' })
    }
    expect((await anonymous.get(`/api/onboard/bravo?token=${tokenOf(view)}`)).status).toBe(403)
  })

  it('stops working once it expires (issue 11 §6)', async () => {
    const view = await getClient('delta')
    await db()
      .update(clients)
      .set({ onboardingExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(clients.clientId, 'delta'))
    const refused = await new SessionClient(world.server.url).get(`/api/onboard/delta?token=${tokenOf(view)}`)
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({ error: 'This onboarding link has expired: ask for a new one' })
    expect((await getClient('delta')).onboardingStatus).toBe('expired')
    const oauth = await new SessionClient(world.server.url).get(
      `/api/yelp-auth-url?clientId=delta&token=${tokenOf(view)}`,
    )
    expect(oauth.status).toBe(403)
  })

  it('stops working once both providers are connected, until the operator issues a new link, which revokes the old', async () => {
    const before = await getClient('acme')
    expect(before).toMatchObject({
      yelp: { connected: true },
      ghl: { connected: true },
      onboardingStatus: 'completed',
    })
    const anonymous = new SessionClient(world.server.url)
    const used = await anonymous.get(`/api/onboard/acme?token=${tokenOf(before)}`)
    expect(used.status).toBe(403)
    expect(used.body).toEqual({
      error:
        'This onboarding link has been used: both accounts are connected. Ask for a new link to change them',
    })

    const issued = await world.admin.post('/api/clients/acme/onboarding-link')
    expect(issued.status, issued.text).toBe(200)
    const after = issued.body as ClientView
    expect(after.onboardingStatus).toBe('active')
    expect(tokenOf(after)).not.toBe(tokenOf(before))
    expect((await anonymous.get(`/api/onboard/acme?token=${tokenOf(after)}`)).status).toBe(200)
    const revoked = await anonymous.get(`/api/onboard/acme?token=${tokenOf(before)}`)
    expect(revoked.status).toBe(403)
    expect(revoked.body).toEqual({ error: 'This onboarding link is invalid' })
  })
})

describe('scoping and deletion', () => {
  it('shows operators only their assigned clients', async () => {
    const created = await world.admin.post('/api/users', {
      username: 'oscar',
      password: 'oscar-pass',
      role: 'operator',
    })
    const userId = (created.body as { id: number }).id
    await world.admin.post(`/api/users/${userId}/clients/bravo`, { permissions: {} })
    const oscar = new SessionClient(world.server.url)
    await oscar.login('oscar', 'oscar-pass')
    const list = (await oscar.get('/api/clients')).body as ClientView[]
    expect(list.map((c) => c.clientId)).toEqual(['bravo'])
    expect((await oscar.get('/api/clients/acme')).status).toBe(404)
    expect((await oscar.get('/api/clients/bravo')).status).toBe(200)
  })

  it('deletes a client with its leads, custom fields and assignments in one go', async () => {
    const response = await world.admin.request('DELETE', '/api/clients/acme')
    expect(response.status).toBe(200)
    expect((await world.admin.get('/api/clients/acme')).status).toBe(404)
    const { leads, ghlCustomFields } = await import('../../db/schema.ts')
    expect(await db().select().from(leads).where(eq(leads.clientId, 'acme'))).toEqual([])
    expect(await db().select().from(ghlCustomFields).where(eq(ghlCustomFields.clientId, 'acme'))).toEqual([])
    const audit = (await world.admin.get('/api/audit?limit=500')).body as Array<{
      action: string
      entityId: string
    }>
    expect(audit.some((e) => e.action === 'client.delete' && e.entityId === 'acme')).toBe(true)
    expect(audit.some((e) => e.action === 'client.create' && e.entityId === 'acme')).toBe(true)
  })
})

async function completeOAuthFor(startPath: string) {
  return world.admin.followOAuth(startPath)
}

/** Follows a start link to the provider and returns the callback URL without calling it. */
async function startAndAuthorize(startPath: string): Promise<string> {
  const start = await world.admin.get(startPath)
  const authorize = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' })
  return authorize.headers.get('location') ?? ''
}
