import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { LoggedRequest } from '../../../sim/core/sim-request-log.ts'
import { ACME, connectAcme, SimDriver } from '../testing/connected-world.ts'
import { type HubProcess, startHubProcess } from '../testing/hub-process.ts'
import { SessionClient } from '../testing/session-client.ts'
import { createTestDatabase } from '../testing/test-database.ts'
import { findFreePort, TEST_ADMIN } from '../testing/test-server.ts'
import { sleep, waitFor } from '../testing/wait-for.ts'
import { startSimulators } from '../testing/with-simulators.ts'

// One limit across processes (docs/decisions/0015): two hub processes on one PostgreSQL database
// together stay within Yelp's 5 requests a second per endpoint and GHL's budget per location,
// over real HTTP against the simulators (which record every request's time). GHL's budget is
// made small here (10 per 2 s, GHL_RATE_LIMIT_MAX / GHL_RATE_LIMIT_INTERVAL_MS and the
// simulator alike) so that GHL, not Yelp, is the bottleneck for part of the run.
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL)
const YELP_PER_SECOND = 5
const GHL = { max: 10, intervalMs: 2_000 }
const LEADS = 24

/** The calls of each endpoint (a lead id made generic), by the time the simulator saw them. */
function byEndpoint(requests: LoggedRequest[]): Map<string, number[]> {
  const groups = new Map<string, number[]>()
  for (const request of requests) {
    if (request.path.startsWith('/__sim')) continue
    const endpoint = `${request.method} ${request.path.replace(/^\/v3\/leads\/[^/]+/, '/v3/leads/:id')}`
    groups.set(endpoint, [...(groups.get(endpoint) ?? []), Date.parse(request.time)])
  }
  return groups
}

/** The most calls seen within any `windowMs` (times recorded to the millisecond, hence the 1 ms). */
function busiestWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b)
  let most = 0
  let start = 0
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] ?? 0) - (sorted[start] ?? 0) >= windowMs - 1) start += 1
    most = Math.max(most, end - start + 1)
  }
  return most
}

describe.skipIf(!ON_POSTGRES)(
  'provider budgets across two hub processes (PostgreSQL only: PGlite runs one process)',
  () => {
    it('keeps Yelp within 5/s per endpoint and GHL within its budget per location, together', {
      timeout: 180_000,
    }, async () => {
      const sims = await startSimulators()
      const database = await createTestDatabase()
      const hubs: HubProcess[] = []
      try {
        Object.assign(sims.ghl.config.rateLimit, GHL)
        const env: Record<string, string> = {
          ...sims.yelp.env(),
          ...sims.ghl.env(),
          DATA_DIR: database.dataDir,
          APP_SECRET: randomBytes(32).toString('base64url'),
          ADMIN_USERNAME: TEST_ADMIN.username,
          ADMIN_PASSWORD: TEST_ADMIN.password,
          YELP_RATE_LIMIT_PER_SECOND: String(YELP_PER_SECOND),
          GHL_RATE_LIMIT_MAX: String(GHL.max),
          GHL_RATE_LIMIT_INTERVAL_MS: String(GHL.intervalMs),
          ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
        }
        const [portA, portB] = [await findFreePort(), await findFreePort()]
        const [hubA, hubB] = await Promise.all([startHubProcess(env, portA), startHubProcess(env, portB)])
        hubs.push(hubA, hubB)
        const driver = new SimDriver(sims.yelp, sims.ghl, hubA.url)
        sims.yelp.setWebhookUrl(driver.webhookUrl())
        sims.ghl.setReplyUrl(`${hubA.url}/reply`)
        const admin = new SessionClient(hubA.url)
        await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)
        await connectAcme(admin, { yelp: sims.yelp, ghlApiKey: sims.ghlSample.apiKey.token })
        await sleep(GHL.intervalMs)
        sims.yelp.server.requests.clear()
        sims.ghl.server.requests.clear()

        // New leads, their webhooks posted by hand, half to each process.
        const leads = Array.from({ length: LEADS }, (_, i) => `lead-budget-${i}`)
        const events = leads.map(
          (id) =>
            sims.yelp.addLead({
              id,
              businessId: ACME.business,
              consumerName: `Budget ${id}`,
              message: `Quote for ${id}?`,
              notify: false,
            }).events[0]?.id ?? '',
        )
        const answers = await Promise.all(
          leads.map((leadId, i) =>
            driver.postWebhook(
              [{ leadId, eventId: events[i] }],
              driver.webhookUrl(i % 2 ? hubB.url : hubA.url),
            ),
          ),
        )
        expect(answers.filter((a) => a.status !== 200)).toHaveLength(0)
        await waitFor(
          'every lead in GHL',
          async () => (await driver.ghlMessagesFor(events)).length === LEADS,
          150_000,
        )

        const yelp = byEndpoint(sims.yelp.server.requests.list())
        const ghl = byEndpoint(sims.ghl.server.requests.list())
        const refused = [...sims.yelp.server.requests.list(), ...sims.ghl.server.requests.list()].filter(
          (r) => r.status === 429,
        )
        expect(refused.map((r) => `${r.method} ${r.path}`)).toEqual([])
        const tooBusy = [...yelp]
          .map(([endpoint, times]) => ({ endpoint, busiest: busiestWindow(times, 1_000) }))
          .filter((each) => each.busiest > YELP_PER_SECOND)
        expect(tooBusy).toEqual([])
        // GHL's budget is per location, whatever the endpoint.
        const ghlTimes = [...ghl.values()].flat()
        expect(ghlTimes.length).toBeGreaterThan(GHL.max * 2)
        expect(busiestWindow(ghlTimes, GHL.intervalMs)).toBeLessThanOrEqual(GHL.max)
        expect((await driver.ghlMessagesFor(events)).length).toBe(LEADS)
      } finally {
        await Promise.all(hubs.map((hub) => hub.kill()))
        await sims.close()
        await database.dispose()
      }
    })
  },
)
