import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME } from '../../testing/connected-world.ts'
import { type SimulatedWorld, startWithSimulators } from '../../testing/with-simulators.ts'

// Custom field set-up calls GHL like every other call: through the location's rate budget and
// its 429 retry (docs/providers/ghl.md §10). Over real HTTP against the GHL simulator.
let world: SimulatedWorld
beforeAll(async () => {
  world = await startWithSimulators()
  await world.admin.call('add the client', 'POST', '/api/clients', { clientId: ACME.clientId, name: 'Acme' })
  await world.admin.call('save the GHL location key', 'POST', `/api/clients/${ACME.clientId}/ghl/api-key`, {
    locationApiKey: world.ghlSample.apiKey.token,
    locationId: ACME.location,
  })
})
afterAll(() => world?.close())

describe('POST /api/clients/{clientId}/ghl/create-fields', () => {
  it('waits out a 429 from GHL and creates the fields, instead of failing the set-up', {
    timeout: 60_000,
  }, async () => {
    const path = `/locations/${ACME.location}/customFields`
    world.ghl.server.faults.add({ method: 'POST', path, status: 429, times: 1 })

    const response = await world.admin.post(`/api/clients/${ACME.clientId}/ghl/create-fields`, {
      surveyQuestions: ['What type of roof?'],
    })

    expect(response.status, response.text).toBe(200)
    const creates = world.ghl.server.requests.list().filter((r) => r.method === 'POST' && r.path === path)
    expect(creates[0]?.status).toBe(429)
    expect(creates.filter((r) => r.status === 201 || r.status === 200).length).toBeGreaterThan(0)
  })
})
