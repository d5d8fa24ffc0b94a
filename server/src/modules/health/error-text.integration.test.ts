import type { SessionUser } from '@common/auth.ts'
import { DEFAULT_ROLE_PERMISSIONS } from '@common/permissions.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { raiseProviderAlert } from '../../repositories/provider-alerts.repository.ts'
import { SessionClient } from '../../testing/session-client.ts'
import { type SimulatedWorld, startWithSimulators } from '../../testing/with-simulators.ts'
import { StatsService } from '../stats/stats.service.ts'

// What answers say when something fails: what failed, for whom the caller may know, never the
// raw text of a database or a provider (it can name hosts, paths, internal notes) and never
// another client's id. The raw reason goes to the server log.
const PROVIDER_TEXT = 'internal note: shard db-7.corp refused'
let world: SimulatedWorld

beforeAll(async () => {
  world = await startWithSimulators()
  for (const clientId of ['first-client', 'second-client']) {
    expect((await world.admin.post('/api/clients', { clientId, name: clientId })).status).toBe(201)
  }
})
afterAll(async () => {
  // The last test closed the database under the server: its own close then fails.
  await world?.close().catch(async () => {
    await world.yelp.close()
    await world.ghl.close()
  })
})

describe('409 answers name no other client', () => {
  it('a Yelp business already connected elsewhere', async () => {
    const first = await world.admin.post('/api/subscribe-webhook', {
      clientId: 'first-client',
      businessId: 'acme-roofing-sf',
    })
    expect(first.status).toBe(200)
    const second = await world.admin.post('/api/subscribe-webhook', {
      clientId: 'second-client',
      businessId: 'acme-roofing-sf',
    })
    expect([second.status, second.body]).toEqual([
      409,
      { error: 'Yelp business acme-roofing-sf is already connected to another client' },
    ])
  })

  it('a GoHighLevel location already connected elsewhere', async () => {
    const first = await world.admin.request('PUT', '/api/clients/first-client', {
      json: { ghlLocationId: 'LocAAA111' },
    })
    expect(first.status).toBe(200)
    const second = await world.admin.request('PUT', '/api/clients/second-client', {
      json: { ghlLocationId: 'LocAAA111' },
    })
    expect([second.status, second.body]).toEqual([
      409,
      { error: 'GoHighLevel location LocAAA111 is already connected to another client' },
    ])
  })
})

describe('the public OAuth result page shows no provider text', () => {
  it('when the token exchange fails', async () => {
    world.yelp.server.faults.add({
      method: 'POST',
      path: '/oauth2/token/v3',
      status: 400,
      body: { error: { id: 'INVALID_GRANT', description: PROVIDER_TEXT } },
    })
    const result = await world.admin.followOAuth('/api/yelp-auth-url?clientId=second-client')
    expect(result.status).toBe(502)
    expect(result.page).toContain('Yelp connection failed')
    expect(result.page).not.toContain('shard db-7')
  })

  it('when the provider sends the browser back with an error', async () => {
    const start = await world.admin.get('/api/yelp-auth-url?clientId=second-client')
    const state = new URL(start.location ?? '').searchParams.get('state') ?? ''
    const callback = new URL(`${world.server.url}/api/yelp/callback`)
    callback.searchParams.set('state', state)
    callback.searchParams.set('error', 'server_error')
    callback.searchParams.set('error_description', PROVIDER_TEXT)
    const page = await fetch(callback)
    expect(page.status).toBe(400)
    const text = await page.text()
    expect(text).toContain('Yelp connection failed')
    expect(text).not.toContain('shard db-7')
  })
})

describe('health reports show no provider or database text', () => {
  it('/api/health names the refused credentials, not what the provider said', async () => {
    await raiseProviderAlert(
      world.server.server.database.db,
      'yelp',
      `Yelp refused this server's app credentials (YELP_CLIENT_ID / YELP_CLIENT_SECRET): 401 ${PROVIDER_TEXT}`,
    )
    const health = await new SessionClient(world.server.url).get('/api/health')
    expect(health.status).toBe(200)
    const alert = (health.body as { alerts: { yelp?: { message: string } } }).alerts.yelp
    expect(alert?.message).toContain('YELP_CLIENT_SECRET')
    expect(health.text).not.toContain('shard db-7')
  })

  it('the System Health dialog says the database is unreachable, not why', async () => {
    const user: SessionUser = {
      id: 1,
      username: 'admin',
      email: null,
      firstName: null,
      lastName: null,
      role: 'admin',
      isActive: true,
      lastLogin: null,
      permissions: DEFAULT_ROLE_PERMISSIONS.admin,
    }
    const logged: unknown[] = []
    const log = { error: (entry: unknown) => void logged.push(entry) }
    const stats = new StatsService(world.server.server.database.db)
    await world.server.server.database.close()
    const report = await stats.systemHealth({ user, sessionId: 1 }, log)
    expect(report.state).toBe('error')
    expect(report.checks).toEqual([
      { key: 'database', label: 'Database', state: 'error', detail: 'Unreachable' },
    ])
    expect(logged).toHaveLength(1)
  })
})
