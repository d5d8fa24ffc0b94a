import { mkdirSync } from 'node:fs'
import { type ClientStats, clientStatsListSchema } from '@common/client-stats.ts'
import { type Stats, statsSchema } from '@common/stats.ts'
import { sql } from 'drizzle-orm'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { leads } from '../server/src/db/schema.ts'
import { SessionClient } from '../server/src/testing/session-client.ts'
import { startTestServer, type TestServer } from '../server/src/testing/test-server.ts'
import { formatSeconds } from '../web/src/lib/figures-format.ts'
import { launchBrowser } from './support/browser.ts'
import { DESKTOP, PHONE, signInAsAdmin } from './support/sign-in.ts'

// The dashboard with 40 clients of 80-character names (docs/spec/product.md §9.1): the client
// table sorted by the leads waiting now, the waiting strip as GET /api/stats answers it, the
// charts drawn, no sideways scroll at 390 and 1440 px; and the header in each state (online,
// connections needing re-auth, dead jobs, not configured), in words at both widths.
// The clients come through the API; their leads are written as rows, as the engine stores them:
// 40 businesses connected to the Yelp simulator would cost minutes and test nothing more here.

const shots = '/tmp/shots/dashboard/'
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const NOW = Date.now()
const CREDENTIALS = {
  YELP_CLIENT_ID: 'yelp-app',
  YELP_CLIENT_SECRET: 'yelp-app-secret',
  GHL_CLIENT_ID: 'ghl-app',
  GHL_CLIENT_SECRET: 'ghl-app-secret',
}

const LONG_NAME = 'Premium Roofing, Gutters & Solar Panel Installation Specialists of the Bay Area'
const CLIENTS = Array.from({ length: 40 }, (_, index) => {
  const number = String(index + 1).padStart(2, '0')
  return { clientId: `c-${number}`, name: `${number} ${LONG_NAME}`.slice(0, 80) }
})
/** The most waiting: 6 leads at c-17, then 5 at c-03; the others 0 to 3. */
const waitingAt = (index: number) => (index === 16 ? 6 : index === 2 ? 5 : index % 4)

let server: TestServer
let admin: SessionClient
let browser: Browser
let page: Page
const problems: string[] = []

function seedRows() {
  return CLIENTS.flatMap((client, index) => {
    const waiting = Array.from({ length: waitingAt(index) }, (_, lead) => {
      // From half a minute to five days: every age bucket gets leads.
      const since = new Date(NOW - ((lead + 1) * (index + 1)) ** 2 * 30_000)
      return {
        leadId: `${client.clientId}-w${lead}`,
        clientId: client.clientId,
        timeCreated: since,
        lastEventTime: since,
        events: [],
        waitingSince: since,
        firstConsumerMessageAt: since,
      }
    })
    const answered = [1, 8, 20].map((daysAgo, lead) => {
      const first = new Date(NOW - daysAgo * DAY - index * HOUR)
      return {
        leadId: `${client.clientId}-a${lead}`,
        clientId: client.clientId,
        status: 'contacted',
        timeCreated: first,
        lastEventTime: first,
        events: [],
        firstConsumerMessageAt: first,
        firstBusinessReplyAt: new Date(first.getTime() + ((index % 10) + 1) * (lead + 1) * MINUTE),
        costPerLeadCents: 1500 + index * 25,
        costCurrency: 'USD',
      }
    })
    return [...waiting, ...answered]
  })
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true })
  ;[server, browser] = await Promise.all([startTestServer({ env: CREDENTIALS }), launchBrowser()])
  admin = new SessionClient(server.url)
  await admin.login(server.adminUsername, server.adminPassword)
  for (const client of CLIENTS) {
    const created = await admin.post('/api/clients', client)
    expect(created.status, created.text).toBe(201)
  }
  await server.server.database.db.insert(leads).values(seedRows())
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: server.url })
  page = await context.newPage()
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  await signInAsAdmin(page, server, '/')
  await page
    .locator('[data-slot="toast"]')
    .getByText('Login successful')
    .waitFor({ state: 'detached', timeout: 15_000 })
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

const table = () => page.getByTestId('client-table')
const rowIds = (target: Page = page) =>
  target
    .getByTestId('client-table')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-client-id')))
const waitingColumn = () =>
  table()
    .getByTestId('client-waiting-now')
    .evaluateAll((cells) => cells.map((cell) => Number(cell.textContent)))

/** Whether the document or <main> (the app scrolls inside it) scrolls sideways. */
const noSideways = (target: Page) =>
  target.evaluate(() =>
    [document.documentElement, document.querySelector('main')]
      .filter((element): element is HTMLElement => element !== null)
      .every((element) => element.scrollWidth <= element.clientWidth),
  )

async function clientStats(): Promise<ClientStats[]> {
  return clientStatsListSchema.parse(await admin.call('client stats', 'GET', '/api/stats/clients')).clients
}

describe('the dashboard with 40 clients', () => {
  it('lists every client in one table, most waiting first, and sorts on a header click', async () => {
    await expect.poll(() => rowIds().then((ids) => ids.length), { timeout: 15_000 }).toBe(40)
    const api = await clientStats()
    expect(api.find((client) => client.clientId === 'c-17')).toMatchObject({ waitingNow: 6 })
    // Most waiting first: c-17 (6), c-03 (5), then the 3s — c-40's oldest lead waits longest of them.
    const ids = await rowIds()
    expect(ids.slice(0, 3)).toEqual(['c-17', 'c-03', 'c-40'])
    const waiting = await waitingColumn()
    expect(waiting).toEqual([...waiting].sort((a, b) => b - a))
    expect(waiting).toEqual(
      ids.map((id) => api.find((client) => client.clientId === id)?.waitingNow ?? Number.NaN),
    )
    const top = table().locator('tr[data-client-id="c-17"]')
    expect(await top.getByTestId('client-name').textContent()).toBe(CLIENTS[16]?.name)
    const oldest = api.find((client) => client.clientId === 'c-17')?.oldestWaitingSince
    expect(await top.getByTestId('client-oldest-wait').textContent()).toBe(
      `oldest ${formatSeconds((Date.now() - new Date(oldest ?? 0).getTime()) / 1000)}`,
    )

    const header = page.getByRole('columnheader', { name: /Waiting now/ })
    expect(await header.getAttribute('aria-sort')).toBe('descending')
    await page.getByTestId('sort-waitingNow').click()
    expect(await header.getAttribute('aria-sort')).toBe('ascending')
    const ascending = await waitingColumn()
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b))
    expect((await rowIds()).slice(-2)).toEqual(['c-03', 'c-17'])
    await page.getByTestId('sort-waitingNow').click()
    expect((await rowIds())[0]).toBe('c-17')
  })

  it('shows the waiting strip as GET /api/stats answers it, and draws both charts with their axes', async () => {
    const total = CLIENTS.reduce((sum, _, index) => sum + waitingAt(index), 0)
    // A wait can cross into the next age between the page's read and the test's: read both again.
    let stats: Stats | undefined
    await expect
      .poll(
        async () => {
          await page.reload()
          await page.getByTestId('waiting-age-over1Day').waitFor()
          stats = statsSchema.parse(await admin.call('stats', 'GET', '/api/stats'))
          const shown: Record<string, number> = {}
          for (const bucket of Object.keys(stats.waitingAges))
            shown[bucket] = Number(await page.getByTestId(`waiting-age-${bucket}`).textContent())
          return JSON.stringify(shown) === JSON.stringify(stats.waitingAges)
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true)
    if (!stats) throw new Error('no stats read')
    expect(stats.leadsAwaitingReply).toBe(total)
    expect(await page.getByTestId('stat-leads-awaiting-reply-value').textContent()).toBe(String(total))
    expect(stats.waitingAges.over1Day).toBeGreaterThan(0)
    expect(await page.getByTestId('oldest-wait').textContent()).toMatch(/^\d+ d( \d+ h)?$/)
    await expect.poll(() => page.getByTestId('median-first-reply').textContent()).toMatch(/^\d+ min$/)
    // Recharts draws its axes as SVG groups: both charts have an x and a y axis with ticks.
    const trend = page.getByTestId('first-replies-card')
    await trend
      .locator('.recharts-xAxis .recharts-cartesian-axis-tick')
      .first()
      .waitFor({ state: 'attached', timeout: 15_000 })
    expect(await trend.locator('.recharts-yAxis').count()).toBe(2)
    expect(await trend.getByText('Day of the first message (UTC)').count()).toBe(1)
    const activity = page.getByRole('img', { name: /messages in the last 24 hours/ })
    await activity
      .locator('.recharts-yAxis .recharts-cartesian-axis-tick')
      .first()
      .waitFor({ state: 'attached' })
    expect(await activity.getByText('Messages', { exact: true }).count()).toBe(1)
    expect(problems).toEqual([])
  })

  for (const viewport of [DESKTOP, PHONE]) {
    it(`holds at ${viewport.width} px without the page scrolling sideways (screenshots)`, async () => {
      await page.setViewportSize(viewport)
      await page.goto('/')
      await expect.poll(() => rowIds().then((ids) => ids.length), { timeout: 15_000 }).toBe(40)
      await page.getByTestId('first-replies-card').locator('.recharts-line').first().waitFor()
      expect(await noSideways(page)).toBe(true)
      await page.screenshot({ path: `${shots}dashboard-top-${viewport.width}.png` })
      await page.getByTestId('client-figures-card').scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${shots}dashboard-table-${viewport.width}.png` })
      await page
        .getByTestId('client-figures-card')
        .evaluate((card) => card.scrollIntoView({ block: 'start' }))
      await page.screenshot({ path: `${shots}dashboard-table-top-${viewport.width}.png` })
      await page.getByTestId('first-replies-card').scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${shots}dashboard-charts-${viewport.width}.png` })
      // The table scrolls inside its own box; the client column stays in view.
      const scroller = page.getByTestId('client-table-scroller')
      const box = await scroller.evaluate((element) => ({
        fits: element.getBoundingClientRect().right <= document.documentElement.clientWidth,
      }))
      expect(box.fits).toBe(true)
      await page.setViewportSize(DESKTOP)
    })
  }
})

describe('the header', () => {
  const indicator = () => page.getByTestId('system-indicator')
  const strip = () => page.getByRole('region', { name: 'System problems' })

  async function headerShots(name: string) {
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport)
      await page.waitForTimeout(200)
      expect(await noSideways(page)).toBe(true)
      await page.locator('header').screenshot({ path: `${shots}header-${name}-${viewport.width}.png` })
    }
  }

  it('says "System Online" when the engine can work, with nothing under it', async () => {
    await page.goto('/')
    await expect.poll(() => indicator().getAttribute('data-state'), { timeout: 15_000 }).toBe('online')
    expect(await indicator().textContent()).toBe('System Online')
    expect(await strip().count()).toBe(0)
    await headerShots('online')
  })

  it('names a connection needing re-auth in words, linking to Clients', async () => {
    await server.server.core.tokens.markNeedsReauth('ghl', 'c-17', 'GoHighLevel refused the refresh token')
    await page.goto('/')
    await expect.poll(() => indicator().getAttribute('data-state'), { timeout: 15_000 }).toBe('degraded')
    const problem = strip().locator('[data-problem="reauth"]')
    expect(await problem.textContent()).toContain('1 connection needs re-auth')
    expect(await problem.textContent()).toContain(CLIENTS[16]?.name)
    await headerShots('reauth')
    await problem.getByRole('link', { name: 'Reconnect in Clients' }).click()
    await page.waitForURL(/\/clients$/)
  })

  it('counts dead jobs in words, linking to the Failed jobs card', async () => {
    await server.server.database.db.execute(sql`insert into pgboss.job (name, data, state, retry_limit)
      values ('ghl-reply', '{"clientId":"c-03"}'::jsonb, 'failed', 0)`)
    await page.goto('/clients')
    const problem = strip().locator('[data-problem="deadJobs"]')
    await problem.waitFor({ timeout: 15_000 })
    expect(await problem.textContent()).toContain('1 dead job')
    await headerShots('dead-jobs')
    await problem.getByRole('link', { name: 'Retry in Failed jobs' }).click()
    await page.waitForURL(/\/#failed-jobs$/)
    await page.getByRole('region', { name: 'Failed jobs' }).waitFor()
    await expect
      .poll(() =>
        page
          .getByRole('region', { name: 'Failed jobs' })
          .evaluate((element) => element.getBoundingClientRect().top < window.innerHeight),
      )
      .toBe(true)
  })

  it('says "Not configured" on a hub without provider credentials, and which variables to set', async () => {
    const bare = await startTestServer()
    try {
      const context = await browser.newContext({ viewport: DESKTOP, baseURL: bare.url })
      const barePage = await context.newPage()
      await signInAsAdmin(barePage, bare, '/')
      const bareIndicator = barePage.getByTestId('system-indicator')
      await expect
        .poll(() => bareIndicator.getAttribute('data-state'), { timeout: 15_000 })
        .toBe('unconfigured')
      expect(await bareIndicator.textContent()).toBe('Not configured')
      const bareStrip = barePage.getByRole('region', { name: 'System problems' })
      expect(await bareStrip.textContent()).toContain(
        "Yelp not configured — Set YELP_CLIENT_ID and YELP_CLIENT_SECRET in the server's environment, then restart it",
      )
      await barePage
        .locator('[data-slot="toast"]')
        .getByText('Login successful')
        .waitFor({ state: 'detached', timeout: 15_000 })
      for (const viewport of [PHONE, DESKTOP]) {
        await barePage.setViewportSize(viewport)
        await barePage.waitForTimeout(200)
        expect(await noSideways(barePage)).toBe(true)
        await barePage
          .locator('header')
          .screenshot({ path: `${shots}header-not-configured-${viewport.width}.png` })
      }
      await context.close()
    } finally {
      await bare.close()
    }
  })
})
