import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME, type ConnectedWorld, startConnectedWorld } from '../server/src/testing/connected-world.ts'
import { sleep, waitFor } from '../server/src/testing/wait-for.ts'
import { launchBrowser } from './support/browser.ts'
import { DESKTOP, newPhoneContext, signInAsAdmin } from './support/sign-in.ts'

// Yelp's partner duties (docs/decisions/0012) in the browser, against the real server, engine
// and simulators: opening a lead marks it read on Yelp and the card shows it; "Replied by
// phone/email"; a lapsed subscription flagged on the client and in System Health. At 1440 px
// and 390 px.

const screenshotDir = fileURLToPath(new URL('../test-results/', import.meta.url))
const LEADS = ['rd-open', 'rd-never', 'rd-phone', 'rd-email', 'rd-mobile'] as const

let world: ConnectedWorld
let browser: Browser
let context: BrowserContext
let page: Page
const problems: string[] = []

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true })
  ;[world, browser] = await Promise.all([startConnectedWorld(), launchBrowser()])
  for (const id of LEADS) {
    world.sims.newLead(id, {
      consumerName: `Customer ${id}`,
      message: `Hello from ${id}, please call me back`,
    })
  }
  await waitFor('the leads stored', async () => {
    const response = await world.admin.get('/api/leads')
    return response.headers.get('x-total-count') === String(LEADS.length)
  })
  context = await browser.newContext({ viewport: DESKTOP, baseURL: world.server.url })
  page = await context.newPage()
  watch(page)
  await signInAsAdmin(page, world.server, '/inbox?needsReply=false')
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await world?.close()
})

function watch(target: Page) {
  target.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
}

const card = (leadId: string, target: Page = page) => target.locator(`[data-lead-id="${leadId}"]`)
const readState = (leadId: string, target: Page = page) =>
  card(leadId, target).getByTestId('read-receipt').getAttribute('data-state')
const markReadCalls = (leadId: string) =>
  world.sims.yelpRequests('POST', new RegExp(`^/v3/leads/${leadId}/events/mark_as_read$`))
const noSideways = (target: Page) =>
  target.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

async function expectText(locator: Locator, text: string | RegExp, timeout = 5000) {
  await expect.poll(async () => (await locator.textContent()) ?? '', { timeout }).toMatch(text)
}

interface SimLead {
  events: Array<{ id: string }>
  readUpToEventId: string | null
  repliedVia: string | null
}
const simLead = async (leadId: string) =>
  (await (await fetch(`${world.yelp.url}/__sim/yelp/leads/${leadId}`)).json()) as SimLead

describe('read receipts', () => {
  it('opening a lead marks it read on Yelp, and the card shows it read; unopened leads stay unread', async () => {
    await card('rd-open').waitFor()
    expect(await readState('rd-open')).toBe('unread')
    expect(await readState('rd-never')).toBe('unread')
    await page.screenshot({ path: `${screenshotDir}read-receipts-1440-unread.png` })

    await card('rd-open').click()
    const eventId = (await simLead('rd-open')).events[0]?.id
    await waitFor(
      'Yelp marks the lead read',
      async () => (await simLead('rd-open')).readUpToEventId === eventId,
    )
    await expect.poll(() => readState('rd-open'), { timeout: 10_000 }).toBe('read')
    const details = page.getByRole('region', { name: 'Lead details' })
    await expectText(details.getByTestId('read-receipt-text'), /^Read /)
    await page.screenshot({ path: `${screenshotDir}read-receipts-1440-read.png` })

    // Once per event, and nothing for the lead nobody opened (give the hub time to do wrong).
    await card('rd-phone').click()
    await card('rd-open').click()
    await sleep(1500)
    expect(markReadCalls('rd-open')).toHaveLength(1)
    expect(markReadCalls('rd-never')).toHaveLength(0)
    expect(await readState('rd-never')).toBe('unread')
  })
})

describe('replied outside Yelp', () => {
  it('"Replied by phone" marks the lead replied on Yelp, sets it contacted and shows it on the timeline', async () => {
    await card('rd-phone').click()
    const details = page.getByRole('region', { name: 'Lead details' })
    await details.getByRole('button', { name: 'Replied by phone' }).click()
    await page.getByText('Marked as replied on Yelp', { exact: true }).first().waitFor()
    await waitFor('Yelp has it replied', async () => (await simLead('rd-phone')).repliedVia === 'PHONE')
    await expectText(details.getByTestId('lead-activity'), /admin/)
    await details.getByTestId('replied-done').waitFor()
    expect(await details.getByRole('button', { name: 'Replied by email' }).count()).toBe(0)
    await expect.poll(() => details.getByRole('combobox').textContent()).toBe('Contacted')
    await page.screenshot({ path: `${screenshotDir}replied-1440.png` })
  })

  it("Yelp's 'already marked' answer shows as done, not as an error", async () => {
    // Someone marked it replied elsewhere first: Yelp answers the hub's mark with 403.
    expect(await world.clients.yelpLeads.markAsReplied(ACME.clientId, 'rd-email', 'PHONE')).toBe('marked')
    await card('rd-email').click()
    const details = page.getByRole('region', { name: 'Lead details' })
    await details.getByRole('button', { name: 'Replied by email' }).click()
    await page.getByText('Already marked as replied on Yelp', { exact: true }).first().waitFor()
    expect(await page.getByText('Failed to mark the lead as replied').count()).toBe(0)
    await expectText(details.getByTestId('lead-activity'), /already had this lead marked/)
    const calls = world.sims.yelpRequests('POST', /^\/v3\/leads\/rd-email\/mark_as_replied$/)
    expect(calls.map((call) => call.status)).toEqual([200, 403])
    expect(problems).toEqual([])
  })
})

describe('a lapsed subscription', () => {
  it('is flagged in the clients list and in System Health', async () => {
    await fetch(`${world.yelp.url}/__sim/yelp/businesses/${ACME.business}/lapse-subscription`, {
      method: 'POST',
    })
    world.yelp.updateBusiness(ACME.business, { refusesSubscription: true })
    const result = await world.server.server.engine?.subscriptionSync.run()
    expect(result?.failed).toEqual([ACME.clientId])

    await page.goto('/clients')
    const row = page.locator(`tr[data-client-id="${ACME.clientId}"]`)
    await row.getByTestId('subscription-lapsed').waitFor()
    await page.screenshot({ path: `${screenshotDir}subscription-lapsed-1440-clients.png` })

    await page.goto('/')
    await page.getByRole('button', { name: 'System Health' }).click()
    const check = page.getByTestId('health-subscriptions')
    await expect.poll(() => check.getAttribute('data-state'), { timeout: 10_000 }).toBe('warning')
    await expectText(check, /Acme Roofing/)
    // Yelp's "already marked" 403 above refused no credential.
    await expectText(page.getByTestId('health-credentialErrors'), /1 provider call refused/)
    await sleep(400) // the dialog's opening animation
    await page.screenshot({ path: `${screenshotDir}subscription-lapsed-1440-health.png` })
    await page.keyboard.press('Escape')
  })
})

describe('on a 390 px phone', () => {
  let phone: BrowserContext
  let mobile: Page

  beforeAll(async () => {
    phone = await newPhoneContext(browser, world.server.url)
    mobile = await phone.newPage()
    watch(mobile)
    await signInAsAdmin(mobile, world.server, '/inbox?needsReply=false')
  })
  afterAll(() => phone?.close())

  it('shows the read state and the replied actions without sideways scrolling', async () => {
    await card('rd-mobile', mobile).waitFor()
    await expect.poll(() => readState('rd-open', mobile)).toBe('read')
    expect(await readState('rd-mobile', mobile)).toBe('unread')
    expect(await noSideways(mobile)).toBe(true)
    await mobile.screenshot({ path: `${screenshotDir}read-receipts-390-list.png` })
    await card('rd-mobile', mobile).click()
    await mobile.getByRole('button', { name: 'Details' }).click()
    const details = mobile.getByRole('region', { name: 'Lead details' })
    await details.getByRole('button', { name: 'Replied by phone' }).waitFor()
    await expectText(details.getByTestId('read-receipt-text'), /^Read/, 10_000)
    expect(await noSideways(mobile)).toBe(true)
    await mobile.screenshot({ path: `${screenshotDir}replied-390-details.png` })

    await mobile.goto('/clients')
    await mobile.locator('[data-testid="subscription-lapsed"]:visible').first().waitFor()
    expect(await noSideways(mobile)).toBe(true)
    await mobile.screenshot({ path: `${screenshotDir}subscription-lapsed-390-clients.png` })
    expect(problems).toEqual([])
  })
})
