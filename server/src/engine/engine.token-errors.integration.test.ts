import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME, type ConnectedWorld, startConnectedWorld } from '../testing/connected-world.ts'
import { waitFor } from '../testing/wait-for.ts'

// Token endpoint errors, classified (docs/decisions/0017): only a refused grant means the owner must
// authorize again. Over real HTTP against both simulators.
let world: ConnectedWorld
beforeAll(async () => {
  world = await startConnectedWorld()
})
afterAll(() => world?.close())

const DAY_MS = 86_400_000
const acme = async () =>
  (
    (await world.admin.get('/api/clients')).body as Array<{
      clientId: string
      ghl: { needsReauth: boolean }
      yelp: { needsReauth?: boolean; connected: boolean }
    }>
  ).find((c) => c.clientId === ACME.clientId)
const health = async () =>
  (await (await fetch(`${world.server.url}/api/health`)).json()) as {
    alerts?: Record<string, { message: string }>
  }

describe('GoHighLevel token endpoint', () => {
  it('treats a 429 as transient: no re-auth, and the message goes through', { timeout: 90_000 }, async () => {
    const first = world.sims.newLead('lead-token-429')
    await waitFor('first in GHL', async () => (await world.sims.ghlMessagesFor([first])).length === 1)
    world.ghl.server.clock.advance(DAY_MS)
    world.ghl.server.faults.add({ method: 'POST', path: '/oauth/token', status: 429, times: 1 })
    const next = world.sims.consumerMessage('lead-token-429', 'Token 429?')
    await waitFor(
      'the message in GHL',
      async () => (await world.sims.ghlMessagesFor([next])).length === 1,
      60_000,
    )
    expect((await acme())?.ghl.needsReauth).toBe(false)
  })

  it('reports a refused client secret as an operator alert, not as every client needing re-auth', {
    timeout: 120_000,
  }, async () => {
    const first = world.sims.newLead('lead-bad-secret')
    await waitFor('first in GHL', async () => (await world.sims.ghlMessagesFor([first])).length === 1)
    // The app's secret was rotated in GHL but not on this server (a redeploy with a typo).
    const secret = world.ghl.config.clientSecret
    world.ghl.config.clientSecret = 'rotated-elsewhere'
    world.ghl.server.clock.advance(DAY_MS)
    const next = world.sims.consumerMessage('lead-bad-secret', 'Are you there?')
    const alert = await waitFor('the alert in health', async () => (await health()).alerts?.ghl)
    expect(alert.message).toMatch(/GoHighLevel refused this server's app credentials/)
    expect(JSON.stringify(await health())).not.toContain(secret)
    expect((await acme())?.ghl.needsReauth).toBe(false)

    // The operator fixes the secret and refreshes: the alert clears and the message goes through.
    world.ghl.config.clientSecret = secret
    const refreshed = await world.admin.post(`/api/clients/${ACME.clientId}/refresh-tokens`)
    expect(refreshed.body).toMatchObject({ ghl: { status: 'refreshed' } })
    expect((await health()).alerts?.ghl).toBeUndefined()
    await waitFor(
      'the message in GHL',
      async () => (await world.sims.ghlMessagesFor([next])).length === 1,
      60_000,
    )
  })
})

describe('Yelp token endpoint', () => {
  it('reports a refused client secret as an operator alert, not as every client needing re-auth', {
    timeout: 120_000,
  }, async () => {
    const first = world.sims.newLead('lead-bad-yelp-secret')
    await waitFor('first in GHL', async () => (await world.sims.ghlMessagesFor([first])).length === 1)
    // YELP_CLIENT_SECRET was rotated at Yelp but not on this server; Yelp answers the refresh
    // 401 `{"error": {"id": "INVALID_CLIENT", …}}` (docs/providers/yelp.md §4).
    const secret = world.yelp.options.clientSecret
    world.yelp.options.clientSecret = 'rotated-elsewhere'
    // Past the access token's 7 days: the next lead call is answered 401 and the hub refreshes.
    world.yelp.server.clock.advance(8 * DAY_MS)
    const next = world.sims.consumerMessage('lead-bad-yelp-secret', 'Still there?')
    await waitFor(
      'the alert in health, or the connection flagged',
      async () => (await health()).alerts?.yelp !== undefined || (await acme())?.yelp.needsReauth === true,
    )
    expect((await acme())?.yelp.needsReauth).toBe(false)
    expect((await health()).alerts?.yelp?.message).toMatch(/Yelp refused this server's app credentials/)
    expect(JSON.stringify(await health())).not.toContain(secret)

    // The operator fixes the secret and refreshes: the alert clears and the message goes through.
    world.yelp.options.clientSecret = secret
    const refreshed = await world.admin.post(`/api/clients/${ACME.clientId}/refresh-tokens`)
    expect(refreshed.body).toMatchObject({ yelp: { status: 'refreshed' } })
    expect((await health()).alerts?.yelp).toBeUndefined()
    await waitFor(
      'the message in GHL',
      async () => (await world.sims.ghlMessagesFor([next])).length === 1,
      60_000,
    )
  })
})

describe('Yelp 404: the connection lost access to the business (pitfalls scenario 8)', () => {
  it('flags the connection and parks its jobs instead of failing them one by one; a refresh that works clears it', {
    timeout: 120_000,
  }, async () => {
    const first = world.sims.newLead('lead-access')
    await waitFor('first in GHL', async () => (await world.sims.ghlMessagesFor([first])).length === 1)
    // The new lead's cost job (docs/decisions/0014) is done before access is lost, so the calls
    // counted below are the syncs'.
    await waitFor(
      'its cost fetched',
      () => world.sims.yelpRequests('GET', /^\/v3\/leads\/lead-access\/metrics$/).length === 1,
    )
    const business = world.yelp.revokeBusinessAccess('yelp-user-alex', ACME.business)
    const lost = world.sims.consumerMessage('lead-access', 'Hello?')
    await waitFor('the Yelp connection flagged', async () => (await acme())?.yelp.needsReauth === true)
    const leadCalls = () => world.sims.yelpRequests('GET', /^\/v3\/leads\/lead-access/).length
    const callsWhenFlagged = leadCalls()
    const second = world.sims.consumerMessage('lead-access', 'Anyone?')
    await new Promise((resolve) => setTimeout(resolve, 4000))
    // Parked, not retried against Yelp, and not dead.
    expect(leadCalls()).toBe(callsWhenFlagged)
    const failed = (await world.admin.get('/api/jobs?state=failed')).body as Array<{
      data: { leadId?: string } | null
    }>
    expect(failed.filter((j) => j.data?.leadId === 'lead-access')).toEqual([])

    // The owner gets admin rights back; the operator's refresh clears the flag and resumes the jobs.
    business.adminUserIds.push('yelp-user-alex')
    const refreshed = await world.admin.post(`/api/clients/${ACME.clientId}/refresh-tokens`)
    expect(refreshed.body).toMatchObject({ yelp: { status: 'refreshed' } })
    expect((await acme())?.yelp.needsReauth).toBe(false)
    await waitFor(
      'both messages in GHL',
      async () => (await world.sims.ghlMessagesFor([lost, second])).length === 2,
      60_000,
    )
  })
})
