import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { type ClientStats, clientStatsListSchema } from '@common/client-stats.ts'
import { leadDetailSchema } from '@common/leads.ts'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME, type ConnectedWorld, startConnectedWorld } from '../server/src/testing/connected-world.ts'
import { waitFor } from '../server/src/testing/wait-for.ts'
import { formatCents, formatSeconds } from '../web/src/lib/figures-format.ts'
import { launchBrowser } from './support/browser.ts'
import { DESKTOP, PHONE, signInAsAdmin } from './support/sign-in.ts'

// Cost per lead and response time (docs/decisions/0014) in the browser, against the real
// server, engine and Yelp simulator: the dashboard shows each client's cost per lead and median
// response time as GET /api/stats/clients answers them, the client list its response time, and
// the lead details the lead's cost. 1440 and 390 px.

const screenshotDir = fileURLToPath(new URL('../test-results/', import.meta.url))
const BRAVO = { clientId: 'bravo', name: 'Bravo Plumbing' }

let world: ConnectedWorld
let browser: Browser
let context: BrowserContext
let page: Page
const problems: string[] = []

/** Whole seconds `minutes` ago: Yelp's times carry no milliseconds. */
function minutesAgo(minutes: number): string {
  return new Date(Math.floor((Date.now() - minutes * 60_000) / 1000) * 1000).toISOString()
}

/** A lead of acme that cost `cents`, asked `askedAgo` minutes ago and answered on Yelp `answeredAgo` ago. */
function costedLead(id: string, cents: number, askedAgo: number, answeredAgo: number) {
  world.sims.newLead(id, {
    consumerName: `Customer ${id}`,
    costPerLeadCents: cents,
    createdAt: minutesAgo(askedAgo),
    events: [
      { text: `Quote for ${id}, please`, at: minutesAgo(askedAgo) },
      { from: 'BIZ', text: `Happy to help with ${id}`, at: minutesAgo(answeredAgo) },
    ],
  })
}

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true })
  ;[world, browser] = await Promise.all([startConnectedWorld(), launchBrowser()])
  await world.admin.call('add bravo', 'POST', '/api/clients', BRAVO)
  // Answered in 4 and 20 minutes: median 12 minutes; $23.50 and $16.50: $20.00 a lead.
  costedLead('cs-fast', 2350, 10, 6)
  costedLead('cs-slow', 1650, 30, 10)
  await waitFor('both costs and replies stored', async () => {
    const acme = await acmeStats()
    return acme && acme.costedLeads === 2 && acme.responseTime.last7Days.answered === 2
  })
  context = await browser.newContext({ viewport: DESKTOP, baseURL: world.server.url })
  page = await context.newPage()
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  await signInAsAdmin(page, world.server, '/')
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await world?.close()
})

async function statsOf(clientId: string, month?: string): Promise<ClientStats | undefined> {
  const query = month ? `?month=${month}` : ''
  const body = clientStatsListSchema.parse(
    await world.admin.call('client stats', 'GET', `/api/stats/clients${query}`),
  )
  return body.clients.find((client) => client.clientId === clientId)
}
const acmeStats = () => statsOf(ACME.clientId)

/** The client's row of the dashboard's client table. */
const figures = (clientId: string, target: Page = page) =>
  target.getByTestId('client-table').locator(`tr[data-client-id="${clientId}"]`)

async function textOf(locator: Locator): Promise<string> {
  await locator.waitFor()
  return ((await locator.textContent()) ?? '').trim()
}

const noSideways = (target: Page) =>
  target.evaluate(() =>
    [document.documentElement, document.querySelector('main')]
      .filter((element): element is HTMLElement => element !== null)
      .every((element) => element.scrollWidth <= element.clientWidth),
  )

describe('the dashboard', () => {
  it('shows each client’s cost per lead and median response time as the API answers them', async () => {
    const acme = await acmeStats()
    const bravo = await statsOf(BRAVO.clientId)
    expect(acme).toMatchObject({ costPerLeadCents: 2000, currency: 'USD' })
    expect(acme?.responseTime.last7Days.medianSeconds).toBe(720)
    for (const client of [acme, bravo]) {
      if (!client) throw new Error('a client is missing from the API')
      const card = figures(client.clientId)
      await expect
        .poll(() => textOf(card.getByTestId('client-cost-per-lead')), { timeout: 10_000 })
        .toBe(formatCents(client.costPerLeadCents, client.currency))
      expect(await textOf(card.getByTestId('client-median-30d'))).toBe(
        formatSeconds(client.responseTime.last30Days.medianSeconds),
      )
      expect(await textOf(card.getByTestId('client-waiting-now'))).toBe(String(client.waitingNow))
    }
    // What those strings are, so a formatter that shows nothing useful fails here too.
    expect(await textOf(figures(ACME.clientId).getByTestId('client-cost-per-lead'))).toBe('$20.00')
    expect(await textOf(figures(ACME.clientId).getByTestId('client-median-30d'))).toBe('12 min')
    expect(await textOf(figures(BRAVO.clientId).getByTestId('client-cost-per-lead'))).toBe('—')
    expect(await noSideways(page)).toBe(true)
    // The page scrolls inside <main>: bring the card into view for the picture.
    await figures(ACME.clientId).scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${screenshotDir}client-stats-1440-dashboard.png` })
  })

  it('shows an earlier month’s lead costs when that month is picked, as the API answers them', async () => {
    const now = new Date()
    const previous = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
    const month = previous.toISOString().slice(0, 7)
    const monthName = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' })
    const label = monthName.format(previous)
    const acme = await statsOf(ACME.clientId, month)
    if (!acme) throw new Error('acme is missing from the API')
    await page.getByTestId('client-stats-month').click()
    await page.getByRole('option', { name: label, exact: true }).click()
    const card = figures(ACME.clientId)
    await expect.poll(() => page.getByText(`cost per lead in ${label}`).count(), { timeout: 10_000 }).toBe(1)
    await expect
      .poll(() => textOf(card.getByTestId('client-cost-per-lead')), { timeout: 10_000 })
      .toBe(formatCents(acme.costPerLeadCents, acme.currency))
    // Back to this month: the figures of the first test again.
    await page.getByTestId('client-stats-month').click()
    await page.getByRole('option', { name: monthName.format(now), exact: true }).click()
    await expect
      .poll(() => textOf(card.getByTestId('client-cost-per-lead')), { timeout: 10_000 })
      .toBe('$20.00')
  })

  it('holds at 390 px without scrolling sideways', async () => {
    const mobile = await context.newPage()
    await mobile.setViewportSize(PHONE)
    await mobile.goto('/')
    await expect
      .poll(() => textOf(figures(ACME.clientId, mobile).getByTestId('client-cost-per-lead')), {
        timeout: 10_000,
      })
      .toBe('$20.00')
    expect(await noSideways(mobile)).toBe(true)
    await figures(ACME.clientId, mobile).scrollIntoViewIfNeeded()
    await mobile.screenshot({ path: `${screenshotDir}client-stats-390-dashboard.png` })
    await mobile.goto('/clients')
    const card = mobile.locator(`li[data-client-id="${ACME.clientId}"]`)
    await expect
      .poll(() => textOf(card.getByTestId('client-response-time')), { timeout: 10_000 })
      .toBe('12 min')
    expect(await noSideways(mobile)).toBe(true)
    await card.scrollIntoViewIfNeeded()
    await mobile.screenshot({ path: `${screenshotDir}client-stats-390-clients.png` })
    await mobile.close()
  })
})

describe('the client list', () => {
  it('shows each client’s 7-day median response time in its column', async () => {
    await page.goto('/clients')
    const row = page.locator(`tr[data-client-id="${ACME.clientId}"]`)
    await expect
      .poll(() => textOf(row.getByTestId('client-response-time')), { timeout: 10_000 })
      .toBe('12 min')
    expect(
      await textOf(
        page.locator(`tr[data-client-id="${BRAVO.clientId}"]`).getByTestId('client-response-time'),
      ),
    ).toBe('—')
    expect(await noSideways(page)).toBe(true)
    await page.screenshot({ path: `${screenshotDir}client-stats-1440-clients.png` })
  })
})

describe('the lead details', () => {
  it('show what the lead cost and how fast it was answered', async () => {
    const lead = leadDetailSchema.parse(await world.admin.call('the lead', 'GET', '/api/leads/cs-fast'))
    expect(lead.figures).toMatchObject({ costPerLeadCents: 2350, responseSeconds: 240 })
    await page.goto('/inbox?needsReply=false')
    await page.locator('[data-lead-id="cs-fast"]').click()
    const details = page.getByRole('region', { name: 'Lead details' })
    await expect.poll(() => textOf(details.getByTestId('lead-cost')), { timeout: 10_000 }).toBe('$23.50')
    expect(await textOf(details.getByTestId('lead-response-time'))).toBe('4 min after the first message')
    await page.screenshot({ path: `${screenshotDir}client-stats-1440-lead-details.png` })
    expect(problems).toEqual([])
  })
})
