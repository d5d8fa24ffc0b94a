import { type GhlSampleWorld, seedGhlSample } from '../../../sim/ghl/ghl-fixtures.ts'
import { createGhlSim, type GhlSim } from '../../../sim/ghl/ghl-sim.ts'
import { createYelpSim, type YelpSim } from '../../../sim/yelp/yelp-sim.ts'
import { TestClient } from './http-client.ts'
import { startTestServer, type TestServer } from './test-server.ts'

export interface SimulatedWorld {
  server: TestServer
  yelp: YelpSim
  ghl: GhlSim
  ghlSample: GhlSampleWorld
  /** Signed in as the first admin. */
  admin: TestClient
  close(): Promise<void>
}

/**
 * The hub wired to both provider simulators over real HTTP, each seeded with its sample world
 * (Yelp: business `acme-roofing-sf` and its user; GHL: location `LocAAA111` and a location key).
 */
export async function startWithSimulators(
  options: { env?: Record<string, string> } = {},
): Promise<SimulatedWorld> {
  const yelp = createYelpSim({ subscriptionDelayMs: 0 })
  const ghl = createGhlSim()
  await yelp.listen()
  await ghl.listen()
  yelp.seedSample({ isSubscribed: false })
  const ghlSample = seedGhlSample(ghl)
  const server = await startTestServer({ env: { ...yelp.env(), ...ghl.env(), ...options.env } })
  yelp.setWebhookUrl(`${server.url}/yelp/webhook`)
  ghl.setReplyUrl(`${server.url}/reply`)
  const admin = new TestClient(server.url)
  await admin.login(server.adminUsername, server.adminPassword)
  return {
    server,
    yelp,
    ghl,
    ghlSample,
    admin,
    close: async () => {
      await server.close()
      await yelp.close()
      await ghl.close()
    },
  }
}

/** Follows an OAuth start link through the simulator's authorize page to the hub's callback. */
export async function completeOAuth(
  client: TestClient,
  startPath: string,
): Promise<{ callbackUrl: string; status: number; page: string }> {
  const start = await client.get(startPath)
  if (start.status !== 302) throw new Error(`start link answered ${start.status}: ${start.text}`)
  const authorize = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' })
  const callbackUrl = authorize.headers.get('location') ?? ''
  if (authorize.status !== 302 || !callbackUrl) throw new Error(`authorize answered ${authorize.status}`)
  const callback = await fetch(callbackUrl, { redirect: 'manual' })
  return { callbackUrl, status: callback.status, page: await callback.text() }
}
