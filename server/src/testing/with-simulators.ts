import { type GhlSampleWorld, seedGhlSample } from '../../../sim/ghl/ghl-fixtures.ts'
import { createGhlSim, type GhlSim } from '../../../sim/ghl/ghl-sim.ts'
import { createYelpSim, type YelpSim } from '../../../sim/yelp/yelp-sim.ts'
import type { CoreOptions } from '../composition-root.ts'
import { SessionClient } from './session-client.ts'
import { SlowAnswers } from './slow-answers.ts'
import { startTestServer, type TestServer } from './test-server.ts'

export interface SimulatedWorld {
  server: TestServer
  yelp: YelpSim
  ghl: GhlSim
  ghlSample: GhlSampleWorld
  /** Signed in as the first admin. */
  admin: SessionClient
  /** Late answers after the work is done (SlowAnswers), per simulator. */
  slow: { yelp: SlowAnswers; ghl: SlowAnswers }
  close(): Promise<void>
}

/** Extra server environment, or a function of the simulators (e.g. to add to their keys). */
export type WorldEnv =
  | Record<string, string>
  | ((sims: { yelp: YelpSim; ghl: GhlSim }) => Record<string, string>)

/**
 * The hub wired to both provider simulators over real HTTP, each seeded with its sample world
 * (Yelp: business `acme-roofing-sf` and its user; GHL: location `LocAAA111` and a location key).
 */
export async function startWithSimulators(
  options: { env?: WorldEnv; core?: CoreOptions } = {},
): Promise<SimulatedWorld> {
  const sims = await startSimulators()
  const { yelp, ghl } = sims
  const extraEnv = typeof options.env === 'function' ? options.env({ yelp, ghl }) : options.env
  const server = await startTestServer({
    env: { ...yelp.env(), ...ghl.env(), ...extraEnv },
    core: options.core,
  }).catch(async (error) => {
    await sims.close()
    throw error
  })
  yelp.setWebhookUrl(`${server.url}/yelp/webhook`)
  ghl.setReplyUrl(`${server.url}/reply`)
  ghl.setAppWebhookUrl(`${server.url}/ghl/webhook`)
  const admin = new SessionClient(server.url)
  await admin.login(server.adminUsername, server.adminPassword)
  return {
    server,
    yelp,
    ghl,
    ghlSample: sims.ghlSample,
    admin,
    slow: sims.slow,
    close: async () => {
      await server.close()
      await sims.close()
    },
  }
}

/**
 * Both simulators listening and seeded with their sample worlds, with late-answer switches
 * (SlowAnswers) installed; for a hub in this process or started elsewhere (a child process).
 */
export async function startSimulators(): Promise<{
  yelp: YelpSim
  ghl: GhlSim
  ghlSample: GhlSampleWorld
  slow: { yelp: SlowAnswers; ghl: SlowAnswers }
  close(): Promise<void>
}> {
  const yelp = createYelpSim({ subscriptionDelayMs: 0 })
  const ghl = createGhlSim()
  const slow = { yelp: new SlowAnswers(), ghl: new SlowAnswers() }
  slow.yelp.install(yelp.server)
  slow.ghl.install(ghl.server)
  await yelp.listen()
  await ghl.listen()
  yelp.seedSample({ isSubscribed: false })
  const ghlSample = seedGhlSample(ghl)
  return {
    yelp,
    ghl,
    ghlSample,
    slow,
    close: async () => {
      await yelp.close()
      await ghl.close()
    },
  }
}
