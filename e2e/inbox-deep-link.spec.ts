import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME, type ConnectedWorld, startConnectedWorld } from '../server/src/testing/connected-world.ts'
import { waitFor } from '../server/src/testing/wait-for.ts'
import { launchBrowser } from './support/browser.ts'
import { DESKTOP, newPhoneContext, signInAsAdmin } from './support/sign-in.ts'

// "Open in LeadRelay" (alerts) and the Message Logs' lead link point at
// /inbox?clientId=…&leadId=…: the inbox opens that lead, at 1440 px and on a 390 px phone, and says
// so plainly when the lead does not exist.

const screenshotDir = fileURLToPath(new URL('../test-results/', import.meta.url))
let world: ConnectedWorld
let browser: Browser
const contexts: BrowserContext[] = []

const LINK = `/inbox?clientId=${ACME.clientId}&leadId=lead-linked`

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true })
  ;[world, browser] = await Promise.all([startConnectedWorld(), launchBrowser()])
  // A second client with nothing in it: the link must choose the lead's own client.
  await world.admin.call('add a second client', 'POST', '/api/clients', {
    clientId: 'zeta',
    name: 'Zeta Plumbing',
  })
  world.sims.newLead('lead-linked', { consumerName: 'Dana Linked', message: 'Can you fix a leaking gutter?' })
  world.sims.newLead('lead-other', { consumerName: 'Omar Other', message: 'Roof quote please' })
  await waitFor('two leads stored', async () => {
    const response = await world.admin.get('/api/leads')
    return response.headers.get('x-total-count') === '2'
  })
})

afterAll(async () => {
  for (const context of contexts) await context.close()
  await browser?.close()
  await world?.close()
})

async function signedIn(size: 'desktop' | 'phone', path: string): Promise<Page> {
  const context =
    size === 'phone'
      ? await newPhoneContext(browser, world.server.url)
      : await browser.newContext({ viewport: DESKTOP, baseURL: world.server.url })
  contexts.push(context)
  const page = await context.newPage()
  await signInAsAdmin(page, world.server, path)
  return page
}

const conversationTitle = (page: Page) =>
  page.getByRole('region', { name: 'Conversation' }).getByRole('heading', { level: 3 })

/** Until the conversation column shows the linked lead (it never does when the link is ignored). */
const linkedLeadOpen = (page: Page) =>
  conversationTitle(page).filter({ hasText: 'Dana Linked' }).waitFor({ timeout: 20_000 })

describe('a link to a lead in the inbox', { timeout: 120_000 }, () => {
  it('opens the lead, with its client chosen, at 1440 px', async () => {
    const page = await signedIn('desktop', LINK)
    await linkedLeadOpen(page)
    await page.getByText('Can you fix a leaking gutter?').first().waitFor()
    expect(await page.locator('#inbox-client').textContent()).toContain('Acme Roofing')
    await page.getByRole('region', { name: 'Lead details' }).getByText('Dana Linked').first().waitFor()
    expect(await page.locator('[data-lead-id="lead-linked"]').getAttribute('aria-current')).toBe('true')
    await page.screenshot({ path: `${screenshotDir}inbox-link-1440.png` })
  })

  it('opens the conversation view of the lead on a 390 px phone', async () => {
    const page = await signedIn('phone', LINK)
    await linkedLeadOpen(page)
    expect(await conversationTitle(page).isVisible()).toBe(true)
    // One column at a time: the list waits behind the back button.
    expect(await page.getByRole('region', { name: 'Leads' }).isVisible()).toBe(false)
    await page.screenshot({ path: `${screenshotDir}inbox-link-390.png` })
    await page.getByRole('button', { name: 'Back to leads' }).click()
    await page.locator('[data-lead-id="lead-other"]').waitFor()
  })

  it('follows the lead link of the Message Logs', async () => {
    const page = await signedIn('desktop', '/messages')
    await page.getByRole('link', { name: 'Open lead lead-linked in the inbox' }).first().click()
    await linkedLeadOpen(page)
    expect(new URL(page.url()).pathname).toBe('/inbox')
  })

  it('says the lead was not found, at both sizes', async () => {
    for (const size of ['desktop', 'phone'] as const) {
      const page = await signedIn(size, `/inbox?clientId=${ACME.clientId}&leadId=no-such-lead`)
      const notFound = page.getByTestId('lead-not-found')
      await notFound.waitFor({ timeout: 20_000 })
      expect(await notFound.isVisible()).toBe(true)
      expect(await notFound.textContent()).toContain('Lead not found')
      expect(await notFound.textContent()).toContain('no-such-lead')
      await page.screenshot({ path: `${screenshotDir}inbox-link-not-found-${size}.png` })
    }
  })
})
