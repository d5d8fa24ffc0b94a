import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { ClientView } from '@common/clients.ts'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer } from '../server/src/testing/test-server.ts'
import { GHL_SAMPLE, seedGhlSample } from '../sim/ghl/ghl-fixtures.ts'
import { createGhlSim, type GhlSim } from '../sim/ghl/ghl-sim.ts'
import { SAMPLE_IDS } from '../sim/yelp/yelp-sample.fixture.ts'
import { createYelpSim, type YelpSim } from '../sim/yelp/yelp-sim.ts'
import { launchBrowser } from './support/browser.ts'
import { PHONE, signInAsAdmin } from './support/sign-in.ts'

// End to end: an operator adds a client, connects Yelp and GoHighLevel against the
// simulators, prepares the custom fields, and the client's onboarding link works signed-out.

const screenshotDir = fileURLToPath(new URL('../test-results/', import.meta.url))
const DESKTOP = { width: 1280, height: 860 }
const CLIENT = { clientId: 'acme-roofing', name: 'Acme Roofing Co.', email: 'owner@acmeroofing.example' }

let server: Awaited<ReturnType<typeof startTestServer>>
let browser: Browser
let yelp: YelpSim
let ghl: GhlSim

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true })
  yelp = createYelpSim()
  ghl = createGhlSim()
  await Promise.all([yelp.listen(), ghl.listen()])
  yelp.seedSample()
  seedGhlSample(ghl)
  ;[server, browser] = await Promise.all([
    startTestServer({ env: { ...yelp.env(), ...ghl.env() } }),
    launchBrowser(),
  ])
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
  await Promise.all([yelp?.close(), ghl?.close()])
})

const problemsOf = new Map<Page, string[]>()

async function newContext(viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL: server.url })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      problems.push(message.text())
  })
  problemsOf.set(page, problems)
  return { context, page }
}

/** A toast's title or description (Radix also announces it in a hidden live region). */
function toast(page: Page, text: string): Locator {
  return page.locator('[data-slot="toast"]').getByText(text, { exact: true })
}

async function settle(page: Page): Promise<void> {
  // Let dialog, tab and toast animations finish before a screenshot.
  await page.waitForTimeout(350)
}

/** A screenshot without the toasts left over from earlier steps. */
function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  return page.screenshot({
    path: `${screenshotDir}${name}.png`,
    style: '[data-slot="toast-viewport"] { display: none; }',
    ...options,
  })
}

/** Follows a target=_blank OAuth link through the provider to the hub's callback page. */
async function followOAuth(context: BrowserContext, link: Locator, expectedHeading: string): Promise<void> {
  const [popup] = await Promise.all([context.waitForEvent('page'), link.click()])
  await popup.getByRole('heading', { name: expectedHeading }).waitFor()
  expect(new URL(popup.url()).pathname).toMatch(/^\/api\/(yelp|ghl)\/callback$/)
  await popup.close()
}

describe('clients and connections (desktop)', () => {
  let context: BrowserContext
  let page: Page
  let dialog: Locator
  let onboardingUrl: string

  beforeAll(async () => {
    ;({ context, page } = await newContext())
    await signInAsAdmin(page, server, '/clients')
  })
  afterAll(async () => {
    await context?.close()
  })

  it('adds a client through the Add New Client dialog', async () => {
    await page.getByText('Get started by adding your first client.').waitFor()
    // A second client, straight through the API, so the search has something to leave out.
    const other = await page.request.post('/api/clients', {
      data: { clientId: 'bay-plumbing', name: 'Bay Area Plumbing', email: '' },
    })
    expect(other.status()).toBe(201)

    await page.getByRole('button', { name: 'Add Client' }).first().click()
    const add = page.getByRole('dialog', { name: 'Add New Client' })
    await add.getByText('Create a new client to enable Yelp-GoHighLevel integration').waitFor()
    await add.getByLabel('Client Name').fill(CLIENT.name)
    await add.getByLabel('Client ID').fill(CLIENT.clientId)
    await add.getByLabel('Contact Email').fill(CLIENT.email)
    await settle(page)
    await screenshot(page, 'clients-add-dialog')
    await add.getByRole('button', { name: 'Create Client' }).click()

    await toast(page, 'Client created successfully').waitFor()
    await toast(page, `${CLIENT.name} has been added successfully!`).waitFor()
    await add.waitFor({ state: 'detached' })
    // The list refreshes 500 ms later and shows both clients.
    await page.locator(`tr[data-client-id="${CLIENT.clientId}"]`).waitFor()
    await page.locator('tr[data-client-id="bay-plumbing"]').waitFor()
  })

  it('refuses a duplicate client id with the server message', async () => {
    await page.getByRole('button', { name: 'Add Client' }).first().click()
    const add = page.getByRole('dialog', { name: 'Add New Client' })
    await add.getByLabel('Client Name').fill('Another Acme')
    await add.getByLabel('Client ID').fill(CLIENT.clientId)
    await add.getByRole('button', { name: 'Create Client' }).click()
    await toast(page, 'Failed to create client').waitFor()
    await toast(page, `Client ID ${CLIENT.clientId} already exists`).waitFor()
    await add.getByRole('button', { name: 'Cancel' }).click()
    await add.waitFor({ state: 'detached' })
  })

  it('finds the client by search', async () => {
    const search = page.getByPlaceholder('Search clients...')
    await search.fill('ACME roof')
    await page.locator('tr[data-client-id="bay-plumbing"]').waitFor({ state: 'detached' })
    expect(await page.locator('tbody tr').count()).toBe(1)
    await search.fill('no-such-client')
    await page.getByText('No clients match your search.').waitFor()
    await search.fill('acme')
    await page.locator(`tr[data-client-id="${CLIENT.clientId}"]`).waitFor()
  })

  it('opens Integration Setup on the Overview tab with the onboarding URL', async () => {
    const row = page.locator(`tr[data-client-id="${CLIENT.clientId}"]`)
    await row.getByRole('button', { name: `Integration setup for ${CLIENT.name}` }).click()
    dialog = page.getByRole('dialog', { name: 'Integration Setup' })
    await dialog.getByRole('tab', { name: 'Overview', selected: true }).waitFor()
    const panel = dialog.getByRole('tabpanel')
    expect(await panel.getByLabel('Yelp: Disconnected').isVisible()).toBe(true)
    expect(await panel.getByLabel('GoHighLevel: Disconnected').isVisible()).toBe(true)
    onboardingUrl = await panel.getByRole('textbox', { name: 'onboarding URL' }).inputValue()
    expect(onboardingUrl).toMatch(new RegExp(`^${server.url}/onboard/${CLIENT.clientId}\\?token=.+`))
    await settle(page)
    await screenshot(page, 'clients-setup-overview')
  })

  it('blocks the GoHighLevel tab until Yelp is connected', async () => {
    await dialog.getByRole('tab', { name: 'GoHighLevel' }).click()
    await dialog.getByText('Connect Yelp first').waitFor()
    await dialog.getByRole('button', { name: 'Go to Yelp Integration' }).click()
    await dialog.getByRole('tab', { name: 'Yelp Setup', selected: true }).waitFor()
  })

  it('saves the business id, which subscribes it to Yelp webhooks with the API key', async () => {
    expect(await dialog.getByRole('button', { name: 'Connect Yelp' }).isDisabled()).toBe(true)
    yelp.requests.clear()
    await dialog.getByLabel('Yelp Business ID').fill(SAMPLE_IDS.businessId)
    await dialog.getByRole('button', { name: 'Save & Subscribe' }).click()
    await toast(page, 'Yelp configuration complete').waitFor()

    const subscribe = yelp.requests
      .list()
      .find((r) => r.method === 'POST' && r.path === '/v3/businesses/subscriptions')
    expect(subscribe, 'the Yelp simulator saw no subscription call').toBeDefined()
    expect(subscribe?.headers.authorization).toBe(`Bearer ${yelp.env().YELP_API_KEY}`)
    expect(JSON.stringify(subscribe?.body)).toContain(SAMPLE_IDS.businessId)
    await dialog.getByRole('link', { name: 'Connect Yelp' }).waitFor()
    await settle(page)
    await page.screenshot({ path: `${screenshotDir}clients-setup-yelp.png` })
  })

  it('shows the signed-out onboarding page ready for Yelp', async () => {
    const visitor = await newContext()
    try {
      await visitor.page.goto(onboardingUrl)
      await visitor.page.getByRole('heading', { name: CLIENT.name }).waitFor()
      await visitor.page.getByRole('link', { name: 'Connect Yelp' }).waitFor()
      expect(await visitor.page.getByRole('button', { name: 'Connect GoHighLevel' }).isDisabled()).toBe(true)
      expect(await visitor.page.getByRole('heading', { name: 'Admin Login' }).count()).toBe(0)
      await visitor.page.screenshot({ path: `${screenshotDir}onboarding-start.png`, fullPage: true })
      expect(problemsOf.get(visitor.page)).toEqual([])
    } finally {
      await visitor.context.close()
    }
  })

  it('connects Yelp in a new tab; Refresh status turns it green and unlocks GoHighLevel', async () => {
    await followOAuth(context, dialog.getByRole('link', { name: 'Connect Yelp' }), 'Yelp connected')
    await dialog.getByRole('button', { name: 'Refresh status' }).click()
    await dialog.getByLabel('Yelp: Connected').first().waitFor()
    await dialog.getByText('Historical Lead Import').waitFor()
    await dialog.getByRole('button', { name: 'Import Historical Leads' }).waitFor()
    await dialog.getByRole('tab', { name: 'GoHighLevel' }).click()
    await dialog.locator('input#ghl-location-api-key').waitFor()
  })

  it('saves the location key and id after GoHighLevel accepts the key', async () => {
    const key = ghl.createApiKey(GHL_SAMPLE.locationId)
    expect(await dialog.getByRole('button', { name: 'Connect GoHighLevel' }).isDisabled()).toBe(true)
    await dialog.locator('input#ghl-location-api-key').fill(key.token)
    await dialog.getByLabel('Location ID').fill(GHL_SAMPLE.locationId)
    await dialog.getByRole('button', { name: 'Save Configuration' }).click()
    await toast(page, 'GHL configuration saved').waitFor()
    await dialog.getByText(`API key saved for location ${GHL_SAMPLE.locationId}`).waitFor()
  })

  it('analyses the leads and creates the custom fields in GoHighLevel', async () => {
    await dialog.getByRole('button', { name: 'Analyze Leads' }).click()
    await toast(page, 'Lead analysis complete').waitFor()
    await dialog.getByRole('button', { name: 'Create Custom Fields' }).click()
    await toast(page, 'Custom fields created').waitFor()
    const list = dialog.getByTestId('custom-field-list')
    await list.waitFor()
    const inGhl = ghl.store.customFieldsOf(GHL_SAMPLE.locationId)
    expect(inGhl.length).toBeGreaterThan(0)
    expect(await list.locator('li').count()).toBe(inGhl.length)
    expect(inGhl.map((f) => f.name)).toContain('Yelp Lead ID')
    await list.getByText('Yelp Lead ID').waitFor()
    expect(await list.getByText('Date', { exact: true }).count()).toBeGreaterThan(0)
  })

  it('connects GoHighLevel; both badges read Connected', async () => {
    await followOAuth(
      context,
      dialog.getByRole('link', { name: 'Connect GoHighLevel' }),
      'GoHighLevel connected',
    )
    await dialog.getByRole('button', { name: 'Refresh status' }).click()
    await dialog.getByLabel('GoHighLevel: Connected').first().waitFor()
    await dialog.getByRole('button', { name: 'Sync All Leads to GHL Contacts' }).waitFor()
    expect(await dialog.getByRole('button', { name: 'Sync All Leads to GHL Contacts' }).isEnabled()).toBe(
      true,
    )
    await dialog.getByRole('tab', { name: 'GoHighLevel' }).scrollIntoViewIfNeeded()
    await settle(page)
    await screenshot(page, 'clients-setup-ghl')
    await dialog.getByText('Contact Sync').scrollIntoViewIfNeeded()
    await settle(page)
    await screenshot(page, 'clients-setup-ghl-bottom')

    await dialog.getByRole('tab', { name: 'Overview' }).click()
    const panel = dialog.getByRole('tabpanel')
    await panel.getByLabel('Yelp: Connected').waitFor()
    await panel.getByLabel('GoHighLevel: Connected').waitFor()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'detached' })

    await page.getByPlaceholder('Search clients...').fill('')
    const row = page.locator(`tr[data-client-id="${CLIENT.clientId}"]`)
    await row.getByLabel('Yelp: Connected').waitFor()
    await row.getByLabel('GoHighLevel: Connected').waitFor()
    await row.getByText(/^Ready \(\d+ fields\)$/).waitFor()
    await page.mouse.move(0, 0)
    await settle(page)
    await screenshot(page, 'clients-list-desktop')
  })

  it('refreshes both tokens from the row and reports the outcome', async () => {
    const row = page.locator(`tr[data-client-id="${CLIENT.clientId}"]`)
    await row.getByRole('button', { name: `Refresh tokens for ${CLIENT.name}` }).click()
    const shown = page.locator('[data-slot="toast"]')
    await shown.getByText(/^(Tokens refreshed|Token refresh failed)$/).waitFor()
    expect(await shown.getByText(/^Yelp: refreshed/).isVisible()).toBe(true)
    expect(await shown.getByText(/^GoHighLevel: refreshed/).isVisible()).toBe(true)
  })

  it('the onboarding link stops working once both accounts are connected; "New link" replaces it', async () => {
    const visitor = await newContext()
    try {
      await visitor.page.goto(onboardingUrl)
      await visitor.page
        .getByRole('alert')
        .getByText(
          'This onboarding link has been used: both accounts are connected. Ask for a new link to change them',
        )
        .waitFor()
      expect(await visitor.page.getByRole('link', { name: /Connect/ }).count()).toBe(0)
      await visitor.page.screenshot({ path: `${screenshotDir}onboarding-used.png` })

      const row = page.locator(`tr[data-client-id="${CLIENT.clientId}"]`)
      await row.getByRole('button', { name: `Integration setup for ${CLIENT.name}` }).click()
      dialog = page.getByRole('dialog', { name: 'Integration Setup' })
      const panel = dialog.getByRole('tabpanel')
      await panel.getByText('Link used: both accounts are connected').waitFor()
      await panel.getByRole('button', { name: 'New link' }).click()
      await toast(page, 'New onboarding link').waitFor()
      await panel.getByText(/^Link expires /).waitFor()
      const field = panel.getByRole('textbox', { name: 'onboarding URL' })
      const used = onboardingUrl
      onboardingUrl = await field.inputValue()
      expect(onboardingUrl).not.toBe(used)
      await settle(page)
      await screenshot(page, 'clients-setup-new-link')
      await dialog.getByRole('button', { name: 'Close' }).click()
      await dialog.waitFor({ state: 'detached' })

      await visitor.page.goto(onboardingUrl)
      await visitor.page.getByRole('heading', { name: CLIENT.name }).waitFor()
      await visitor.page.getByText('2 of 2 connected').waitFor()
      expect(await visitor.page.getByText('Connected', { exact: true }).count()).toBe(2)
      await visitor.page.screenshot({ path: `${screenshotDir}onboarding-connected.png`, fullPage: true })

      // The replaced link and a forged one open nothing.
      for (const refused of [used, `${onboardingUrl.split('token=')[0]}token=forged-token`]) {
        await visitor.page.goto(refused)
        await visitor.page.getByRole('alert').getByText('This onboarding link is invalid').waitFor()
        expect(await visitor.page.getByRole('button', { name: /Connect/ }).count()).toBe(0)
      }
      await visitor.page.screenshot({ path: `${screenshotDir}onboarding-invalid.png` })
      expect(problemsOf.get(visitor.page)).toEqual([])
    } finally {
      await visitor.context.close()
    }
  })

  it('shows phones the client cards and the GHL modal', async () => {
    const phone = await newContext(PHONE)
    try {
      await signInAsAdmin(phone.page, server, '/clients')
      const card = phone.page.locator(`li[data-client-id="${CLIENT.clientId}"]`)
      await card.getByRole('button', { name: 'Configure' }).waitFor()
      await card.getByRole('button', { name: 'Delete Client' }).waitFor()
      expect(await phone.page.getByRole('table').isVisible()).toBe(false)
      await settle(phone.page)
      await screenshot(phone.page, 'clients-list-mobile', { fullPage: true })

      await card.getByRole('button', { name: 'Configure' }).click()
      const setup = phone.page.getByRole('dialog', { name: 'Integration Setup' })
      await setup.getByRole('tabpanel').getByRole('button', { name: 'New link' }).waitFor()
      await settle(phone.page)
      await screenshot(phone.page, 'clients-setup-overview-mobile')
      await phone.page.keyboard.press('Escape')
      await setup.waitFor({ state: 'detached' })

      await card.getByRole('button', { name: 'GHL' }).click()
      const modal = phone.page.getByRole('dialog', { name: 'GoHighLevel Integration' })
      await modal
        .getByRole('region', { name: 'Integration Status' })
        .getByText('Configured', { exact: true })
        .waitFor()
      expect(await modal.getByTestId('ghl-debug-line').textContent()).toContain('hasApiKey=true')
      // GoHighLevel is connected by now, so the modal's sync is live (engine-ui.spec.ts runs it).
      expect(await modal.getByRole('button', { name: 'Sync All Leads to GHL Contacts' }).isEnabled()).toBe(
        true,
      )
      await settle(phone.page)
      await screenshot(phone.page, 'clients-ghl-modal-mobile')
      expect(problemsOf.get(phone.page)).toEqual([])
    } finally {
      await phone.context.close()
    }
  })

  it('deletes the client after confirmation', async () => {
    const row = page.locator(`tr[data-client-id="${CLIENT.clientId}"]`)
    await row.getByRole('button', { name: `Delete ${CLIENT.name}` }).click()
    const confirm = page.getByRole('alertdialog')
    await confirm.getByText(`Delete ${CLIENT.name}?`).waitFor()
    await confirm.getByRole('button', { name: 'Delete Client' }).click()
    await toast(page, 'Client deleted').waitFor()
    await row.waitFor({ state: 'detached' })
    const remaining = (await (await page.request.get('/api/clients')).json()) as ClientView[]
    expect(remaining.map((c) => c.clientId)).toEqual(['bay-plumbing'])
    expect(problemsOf.get(page)).toEqual([])
  })
})
