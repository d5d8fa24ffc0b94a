import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectAcme, SimDriver } from '../../testing/connected-world.ts'
import { EventStreamClient } from '../../testing/event-stream-client.ts'
import { type HubProcess, startHubProcess } from '../../testing/hub-process.ts'
import { SessionClient } from '../../testing/session-client.ts'
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts'
import { findFreePort, TEST_ADMIN } from '../../testing/test-server.ts'
import { waitFor } from '../../testing/wait-for.ts'
import { startSimulators } from '../../testing/with-simulators.ts'

// docs/spec/product.md §6.1 GET /api/events with several server processes on one PostgreSQL
// database: a change made in one process reaches browsers connected to another (LISTEN/NOTIFY).
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL)

describe.skipIf(!ON_POSTGRES)('live changes across two server processes', () => {
  let sims: Awaited<ReturnType<typeof startSimulators>>
  let database: TestDatabase
  const hubs: HubProcess[] = []
  let driver: SimDriver
  let adminA: SessionClient
  let adminB: SessionClient

  beforeAll(async () => {
    sims = await startSimulators()
    database = await createTestDatabase()
    const env = {
      ...sims.yelp.env(),
      ...sims.ghl.env(),
      DATA_DIR: database.dataDir,
      APP_SECRET: randomBytes(32).toString('base64url'),
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      DATABASE_URL: database.databaseUrl ?? '',
    }
    hubs.push(await startHubProcess(env, await findFreePort()))
    hubs.push(await startHubProcess(env, await findFreePort()))
    const [hubA, hubB] = hubs
    if (!hubA || !hubB) throw new Error('two hubs expected')
    driver = new SimDriver(sims.yelp, sims.ghl, hubA.url)
    sims.yelp.setWebhookUrl(driver.webhookUrl())
    adminA = new SessionClient(hubA.url)
    await adminA.login(TEST_ADMIN.username, TEST_ADMIN.password)
    adminB = new SessionClient(hubB.url)
    await adminB.login(TEST_ADMIN.username, TEST_ADMIN.password)
    await connectAcme(adminA, { yelp: sims.yelp, ghlApiKey: sims.ghlSample.apiKey.token })
    driver.newLead('multi-1')
    await waitFor('the lead forwarded', async () => (await driver.ghlMessages()).length > 0, 30_000)
  }, 180_000)

  afterAll(async () => {
    await Promise.all(hubs.map((hub) => hub.kill()))
    await sims?.close()
    await database?.dispose()
  })

  it('a status changed on process A reaches a stream on process B', async () => {
    // Let the announcements of the jobs run so far pass: only the status change is left to hear.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const onB = await EventStreamClient.open(adminB.baseUrl, adminB.sessionCookie)
    expect(onB.status).toBe(200)
    const changed = await adminA.request('PATCH', '/api/leads/multi-1/status', {
      json: { status: 'contacted' },
    })
    expect(changed.status, changed.text).toBe(200)
    const event = await onB.waitFor((e) => e.event === 'change' && JSON.parse(e.data).topic === 'leads', 2000)
    expect(JSON.parse(event.data)).toMatchObject({ topic: 'leads', clientId: 'acme', leadId: 'multi-1' })
    onB.close()
  })

  it('a consumer message arriving at process A appears on process B within 2 s', async () => {
    const onB = await EventStreamClient.open(adminB.baseUrl, adminB.sessionCookie)
    const sentAt = Date.now()
    driver.consumerMessage('multi-1', 'Hello from the other side')
    await onB.waitFor((e) => e.event === 'change' && JSON.parse(e.data).leadId === 'multi-1', 2000)
    expect(Date.now() - sentAt).toBeLessThan(2000)
    onB.close()
  })
})
