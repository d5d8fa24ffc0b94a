import { randomBytes } from 'node:crypto'
import { connectAcme, SimDriver } from './connected-world.ts'
import { type HubProcess, startHubProcess } from './hub-process.ts'
import { SessionClient } from './session-client.ts'
import { createTestDatabase } from './test-database.ts'
import { TEST_ADMIN } from './test-server.ts'
import { startSimulators } from './with-simulators.ts'

export type ProcessWorld = Awaited<ReturnType<typeof startProcessWorld>>

/**
 * Fresh simulators and database for hubs run as child processes (killed, restarted, or two on one
 * PostgreSQL database), and the env they share.
 */
export async function startProcessWorld() {
  const sims = await startSimulators()
  const database = await createTestDatabase()
  const env: Record<string, string> = {
    ...sims.yelp.env(),
    ...sims.ghl.env(),
    DATA_DIR: database.dataDir,
    // Every process must open the tokens the others sealed.
    APP_SECRET: randomBytes(32).toString('base64url'),
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  }
  const hubs: HubProcess[] = []
  const world = {
    sims,
    env,
    /** Where the hubs keep their data: a test may open it after stopping them. */
    database,
    async start(port: number): Promise<HubProcess> {
      const hub = await startHubProcess(env, port)
      hubs.push(hub)
      return hub
    },
    async admin(hub: HubProcess): Promise<SessionClient> {
      const client = new SessionClient(hub.url)
      await client.login(TEST_ADMIN.username, TEST_ADMIN.password)
      return client
    },
    /** Points both simulators' webhooks at `hub` and connects acme through it; signed in as admin. */
    async connect(hub: HubProcess): Promise<{ driver: SimDriver; admin: SessionClient }> {
      const driver = new SimDriver(sims.yelp, sims.ghl, hub.url)
      sims.yelp.setWebhookUrl(driver.webhookUrl())
      sims.ghl.setReplyUrl(`${hub.url}/reply`)
      sims.ghl.setAppWebhookUrl(`${hub.url}/ghl/webhook`)
      const admin = await world.admin(hub)
      await connectAcme(admin, { yelp: sims.yelp, ghlApiKey: sims.ghlSample.apiKey.token })
      return { driver, admin }
    },
    async close() {
      await Promise.all(hubs.map((h) => h.kill()))
      await sims.close()
      await database.dispose()
    },
  }
  return world
}
