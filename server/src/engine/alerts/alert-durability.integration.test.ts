import { randomBytes } from 'node:crypto'
import type { CreatedAlertChannel } from '@common/alerts.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWebhookCatcher, type WebhookCatcher } from '../../../../sim/catchers/webhook-catcher.ts'
import { connectAcme, SimDriver } from '../../testing/connected-world.ts'
import { type HubProcess, startHubProcess } from '../../testing/hub-process.ts'
import { SessionClient } from '../../testing/session-client.ts'
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts'
import { findFreePort, TEST_ADMIN } from '../../testing/test-server.ts'
import { waitFor } from '../../testing/wait-for.ts'
import { startSimulators } from '../../testing/with-simulators.ts'

// docs/spec/product.md §9.3: "never lost by a restart, one delivery per (event, channel)": a hub
// killed (SIGKILL) while a receiver holds its delivery, and two hubs on one PostgreSQL database.
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL)

interface AlertView {
  id: number
  type: string
  leadId: string | null
  state: string
  attempts: number
}

let sims: Awaited<ReturnType<typeof startSimulators>>
let database: TestDatabase
let hooks: WebhookCatcher
const hubs: HubProcess[] = []
let env: Record<string, string>

beforeAll(async () => {
  sims = await startSimulators()
  database = await createTestDatabase()
  hooks = await startWebhookCatcher()
  env = {
    ...sims.yelp.env(),
    ...sims.ghl.env(),
    DATA_DIR: database.dataDir,
    APP_SECRET: randomBytes(32).toString('base64url'),
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  }
})
afterAll(async () => {
  await Promise.all(hubs.map((hub) => hub.kill()))
  await hooks?.close()
  await sims?.close()
  await database?.dispose()
})

async function startHub(port: number): Promise<HubProcess> {
  const hub = await startHubProcess(env, port)
  hubs.push(hub)
  return hub
}

async function adminOf(hub: HubProcess): Promise<SessionClient> {
  const admin = new SessionClient(hub.url)
  await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)
  return admin
}

async function history(admin: SessionClient): Promise<AlertView[]> {
  const answer = await admin.get('/api/alerts?type=lead.new&limit=500')
  expect(answer.status, answer.text).toBe(200)
  return answer.body as AlertView[]
}

describe('alert delivery across crashes and processes', () => {
  it('a hub killed during a delivery loses none: the restarted one delivers it', {
    timeout: 180_000,
  }, async () => {
    const port = await findFreePort()
    let hub = await startHub(port)
    const driver = new SimDriver(sims.yelp, sims.ghl, hub.url)
    sims.yelp.setWebhookUrl(driver.webhookUrl())
    sims.ghl.setReplyUrl(`${hub.url}/reply`)
    const admin = await adminOf(hub)
    await connectAcme(admin, { yelp: sims.yelp, ghlApiKey: sims.ghlSample.apiKey.token })
    const created = await admin.post('/api/alert-channels', {
      name: 'Receiver',
      type: 'webhook',
      target: hooks.url,
      events: ['lead.new'],
    })
    expect(created.status).toBe(201)
    expect((created.body as CreatedAlertChannel).secret).toBeTruthy()

    // The receiver holds each delivery 4 s: the hub dies while it waits for the answer.
    hooks.delayMs = 4_000
    driver.newLead('alert-kill')
    await waitFor('the delivery under way', async () => {
      const [row] = (await history(admin)).filter((each) => each.leadId === 'alert-kill')
      return row?.attempts === 1 && row.state === 'pending'
    })
    await hub.kill()
    hooks.delayMs = 0

    hub = await startHub(port)
    const again = await adminOf(hub)
    const sent = await waitFor(
      'the interrupted delivery sent by the restarted hub',
      async () =>
        (await history(again)).find((each) => each.leadId === 'alert-kill' && each.state === 'sent'),
      ON_POSTGRES ? 120_000 : 30_000,
    )
    expect(sent.attempts).toBeGreaterThanOrEqual(2)
    // At least once: the receiver may have taken the first attempt too, with the same webhook-id.
    const requests = hooks.requests().filter((request) => request.body.includes('"alert-kill"'))
    expect(new Set(requests.map((request) => request.headers['webhook-id'])).size).toBe(1)
    await hub.stop()
  })

  it.skipIf(!ON_POSTGRES)(
    'two hubs on one PostgreSQL database deliver each alert once',
    { timeout: 240_000 },
    async () => {
      const [one, two] = await Promise.all([startHub(await findFreePort()), startHub(await findFreePort())])
      if (!one || !two) throw new Error('two hubs')
      const driver = new SimDriver(sims.yelp, sims.ghl, one.url)
      sims.yelp.setWebhookUrl(driver.webhookUrl())
      const admin = await adminOf(one)
      const before = hooks.requests().length
      const leads = Array.from({ length: 20 }, (_, i) => `alert-two-${i}`)
      for (const [i, leadId] of leads.entries()) {
        const eventId = driver.newLead(leadId, { notify: false })
        // Half the webhooks reach each hub.
        await driver.postWebhook([{ leadId, eventId }], `${(i % 2 ? two : one).url}/yelp/webhook`)
      }
      await waitFor(
        'an alert sent per lead',
        async () =>
          (await history(admin)).filter((each) => leads.includes(each.leadId ?? '') && each.state === 'sent')
            .length === leads.length,
        120_000,
      )
      const delivered = hooks
        .requests()
        .slice(before)
        .filter((request) => request.status === 200)
      const ids = delivered.map((request) => request.headers['webhook-id'])
      expect(ids).toHaveLength(leads.length)
      expect(new Set(ids).size).toBe(leads.length)
    },
  )
})
