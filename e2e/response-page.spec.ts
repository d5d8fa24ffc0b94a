import { mkdirSync } from 'node:fs'
import type { Playbook } from '@common/playbook.ts'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME, type ConnectedWorld, startConnectedWorld } from '../server/src/testing/connected-world.ts'
import { waitFor } from '../server/src/testing/wait-for.ts'
import { launchBrowser } from './support/browser.ts'
import { DESKTOP, PHONE, signInAsAdmin } from './support/sign-in.ts'

// The Response page (docs/spec/product.md §9.2): a waiting lead of a client without automation
// says so in the inbox and links to the client's Response page, where the playbook is edited and
// saved; the client list says on or off per client. At 1440 px and on a 390 px phone, with an
// 80-character client name, and no sideways scroll.

const screenshotDir = '/tmp/shots/response/'
const LONG_NAME = 'Acme Roofing, Gutters & Skylights of the Greater San Francisco Bay Area CA 94107'
const OTHER_NAME = 'Zeta Plumbing and Drain Cleaning Services for Homes and Businesses in Oakland CA'

let world: ConnectedWorld
let browser: Browser
const contexts: BrowserContext[] = []

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true })
  expect(LONG_NAME).toHaveLength(80)
  expect(OTHER_NAME).toHaveLength(80)
  ;[world, browser] = await Promise.all([startConnectedWorld(), launchBrowser()])
  await world.admin.call('rename acme', 'PUT', `/api/clients/${ACME.clientId}`, { name: LONG_NAME })
  await world.admin.call('add a second client', 'POST', '/api/clients', {
    clientId: 'zeta',
    name: OTHER_NAME,
  })
  // A lead waiting for a reply, of a client whose automation was never set up (off).
  world.sims.newLead('lead-waiting', {
    consumerName: 'Dana Waiting',
    message: 'Can you fix a leaking gutter?',
  })
  await waitFor('the lead waits for a reply', async () => {
    const response = await world.admin.get('/api/leads?needsReply=true')
    return response.headers.get('x-total-count') === '1'
  })
})

afterAll(async () => {
  for (const context of contexts) await context.close()
  await browser?.close()
  await world?.close()
})

async function signedIn(size: 'desktop' | 'phone', path: string, timezoneId?: string): Promise<Page> {
  const context =
    size === 'phone'
      ? await browser.newContext({ ...PHONE_OPTIONS, baseURL: world.server.url, timezoneId })
      : await browser.newContext({ viewport: DESKTOP, baseURL: world.server.url, timezoneId })
  contexts.push(context)
  const page = await context.newPage()
  await signInAsAdmin(page, world.server, path)
  // The sign-in toast would cover the Save bar in the screenshots.
  await page.getByRole('button', { name: 'Close' }).first().click()
  return page
}

const PHONE_OPTIONS = { viewport: PHONE, hasTouch: true, isMobile: true }

/** Nothing on the page is wider than the window (the shell's scroller included). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() =>
    [document.documentElement, document.querySelector('main')].map((element) =>
      element ? element.scrollWidth - element.clientWidth : 0,
    ),
  )
  expect(overflow).toEqual([0, 0])
}

const playbookOf = async (clientId: string) =>
  (await world.admin.get(`/api/clients/${clientId}/playbook`)).body as Playbook

describe('the Response page', { timeout: 180_000 }, () => {
  it('is reached from a waiting lead without automation; the playbook is edited and saved there', async () => {
    const page = await signedIn('desktop', `/inbox?clientId=${ACME.clientId}&leadId=lead-waiting`)
    const details = page.getByRole('region', { name: 'Lead details' })
    await details.getByText('No first reply or follow-up for this lead').waitFor({ timeout: 20_000 })
    await details.getByRole('link', { name: 'Set up automatic replies' }).click()
    await page.waitForURL(`**/clients/${ACME.clientId}/response`)
    expect(await page.locator('header h1').textContent()).toBe('Response')
    await page.getByRole('form', { name: 'Response playbook' }).waitFor()
    expect(await page.getByTestId('response-client-name').textContent()).toBe(LONG_NAME)
    expect(await page.getByTestId('response-automation-state').textContent()).toContain('Automation off')
    await page.screenshot({ path: `${screenshotDir}response-top-1440.png` })

    await page.getByLabel('Timezone').fill('America/Los_Angeles')
    await page.getByRole('switch', { name: /Answer every new lead/ }).click()
    const inHours = page.getByRole('textbox', { name: 'In business hours' })
    // A job name is filled in after "about": the template's own period after it reads as one.
    await inHours.fill('Hi {firstName}, thanks for reaching out about {jobType}.. We will call soon.')
    await page
      .getByTestId('playbook-in-hours-warnings')
      .getByText(/Two periods in a row/)
      .waitFor()
    await inHours.fill('Hi {firstName}, thanks for reaching out about {jobType}! We will call soon.')
    await page.getByTestId('playbook-in-hours-warnings').waitFor({ state: 'detached' })
    await page.screenshot({ path: `${screenshotDir}response-1440.png` })
    await expectNoSidewaysScroll(page)
    await page.getByRole('button', { name: 'Save playbook' }).click()
    await page.getByText('Playbook saved', { exact: true }).first().waitFor()
    await page
      .getByTestId('response-automation-state')
      .filter({ hasText: 'Automation on: First reply sent' })
      .waitFor()

    const saved = await playbookOf(ACME.clientId)
    expect(saved.timezone).toBe('America/Los_Angeles')
    expect(saved.firstReply.enabled).toBe(true)
    expect(saved.firstReply.inHours).toBe(
      'Hi {firstName}, thanks for reaching out about {jobType}! We will call soon.',
    )
  })

  it('the client list says on or off per client, each leading to its Response page, at 1440 px', async () => {
    const page = await signedIn('desktop', '/clients')
    const acme = page.locator(`tr[data-client-id="${ACME.clientId}"]`)
    await acme.getByTestId('automation-state').filter({ hasText: 'On' }).waitFor({ timeout: 20_000 })
    expect(
      await page.locator('tr[data-client-id="zeta"]').getByTestId('automation-state').textContent(),
    ).toBe('Off')
    await page.screenshot({ path: `${screenshotDir}clients-1440.png` })
    await expectNoSidewaysScroll(page)
    await page
      .locator('tr[data-client-id="zeta"]')
      .getByRole('link', { name: /Automatic replies for/ })
      .click()
    await page.waitForURL('**/clients/zeta/response')
    await page.getByRole('form', { name: 'Response playbook' }).waitFor()
  })

  it('keeps Save in reach on a 390 px phone and shows on/off on the client cards', async () => {
    // A phone in Chicago: the playbook still says UTC, so Chicago is offered.
    const page = await signedIn('phone', '/clients/zeta/response', 'America/Chicago')
    await page.getByRole('form', { name: 'Response playbook' }).waitFor({ timeout: 20_000 })
    await page.getByRole('button', { name: 'Use America/Chicago' }).waitFor()
    const save = page.getByRole('button', { name: 'Save playbook' })
    // The form is many screens long on a phone; Save is in the window at its top and its bottom.
    for (const position of ['top', 'bottom'] as const) {
      await page.evaluate((to) => {
        const main = document.querySelector('main')
        if (main) main.scrollTop = to === 'top' ? 0 : main.scrollHeight
      }, position)
      const box = await save.boundingBox()
      expect(box, `Save at the ${position}`).not.toBeNull()
      expect(box!.y + box!.height).toBeLessThanOrEqual(844)
      expect(box!.y).toBeGreaterThan(0)
    }
    await page.evaluate(() => {
      const main = document.querySelector('main')
      if (main) main.scrollTop = 0
    })
    await page.screenshot({ path: `${screenshotDir}response-390.png` })
    await expectNoSidewaysScroll(page)
    await page.getByRole('button', { name: 'Use America/Chicago' }).click()
    await save.click()
    await page.getByText('Playbook saved', { exact: true }).first().waitFor()
    expect((await playbookOf('zeta')).timezone).toBe('America/Chicago')

    await page.getByRole('link', { name: 'All clients' }).click()
    const card = page.locator('li[data-client-id="zeta"]')
    await card.getByTestId('automation-state').filter({ hasText: 'Off' }).waitFor({ timeout: 20_000 })
    await page.screenshot({ path: `${screenshotDir}clients-390.png` })
    await expectNoSidewaysScroll(page)
  })
})
