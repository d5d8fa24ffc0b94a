import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { type Playbook, playbookSchema } from '@common/playbook.ts'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertDraft } from '../server/src/repositories/lead-drafts.repository.ts'
import { ACME, type ConnectedWorld, startConnectedWorld } from '../server/src/testing/connected-world.ts'
import { waitFor } from '../server/src/testing/wait-for.ts'
import { yelpTime } from '../sim/yelp/yelp-time.ts'
import { launchBrowser } from './support/browser.ts'
import { DESKTOP, newPhoneContext, signInAsAdmin } from './support/sign-in.ts'

// Speed to lead in the browser (docs/spec/product.md §9.1, §9.2): the "Response playbook" tab
// saves a playbook, the dashboard counts the waiting leads and opens the inbox on "Needs reply",
// where each waiting lead shows its live timer, a suggest-mode draft is edited and sent, and a
// lead answered by phone stops waiting. Screenshots at 390 and 1440 px go to test-results/.

const screenshotDir = fileURLToPath(new URL('../test-results/', import.meta.url))
// 80 characters: the layout must hold long names.
const LONG_NAME = 'Maximiliana Alexandrina Featherstonehaugh-Cholmondeley of the Greater Bay Area X'
const IN_HOURS =
  'Hi {firstName}, thanks for asking {businessName} about {jobType}! When suits you for a visit?'

let world: ConnectedWorld
let browser: Browser
let context: BrowserContext
let page: Page
const problems: string[] = []

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true })
  ;[world, browser] = await Promise.all([startConnectedWorld(), launchBrowser()])
  context = await browser.newContext({ viewport: DESKTOP, baseURL: world.server.url })
  page = await context.newPage()
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  await signInAsAdmin(page, world.server, '/clients')
  // The sign-in toast would cover part of the screenshots.
  await page
    .locator('[data-slot="toast"]')
    .getByText('Login successful')
    .waitFor({ state: 'detached', timeout: 15_000 })
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await world?.close()
})

const card = (leadId: string, target: Page = page) => target.locator(`[data-lead-id="${leadId}"]`)
const ids = (target: Page = page) =>
  target.locator('[data-lead-id]').evaluateAll((els) => els.map((el) => el.getAttribute('data-lead-id')))

async function expectText(locator: Locator, text: string | RegExp, timeout = 10_000) {
  await expect.poll(async () => (await locator.textContent()) ?? '', { timeout }).toMatch(text)
}

async function playbookOnServer(): Promise<Playbook> {
  const response = await world.admin.get(`/api/clients/${ACME.clientId}/playbook`)
  expect(response.status, response.text).toBe(200)
  return playbookSchema.parse(response.body)
}

async function waiting(leadId: string): Promise<string | null> {
  const response = await world.admin.get(`/api/leads/${leadId}`)
  return (response.body as { waitingSince: string | null }).waitingSince
}

describe('Speed to lead', () => {
  it('saves a playbook in the "Response playbook" tab', async () => {
    const row = page.locator(`tr[data-client-id="${ACME.clientId}"]`)
    await row.getByRole('button', { name: /^Integration setup for / }).click()
    const dialog = page.getByRole('dialog', { name: 'Integration Setup' })
    await dialog.getByRole('tab', { name: 'Response playbook' }).click()
    const form = dialog.getByRole('form', { name: 'Response playbook' })
    await form.waitFor()
    await form.getByLabel('Timezone').fill('America/Los_Angeles')
    await form.getByRole('button', { name: 'Add hours on Saturday' }).click()
    await form.getByRole('switch').click()
    await form.getByLabel('Mode').first().click()
    await page.getByRole('option', { name: 'Suggest a draft to approve' }).click()
    // A bad placeholder first: the schema's message, nothing saved.
    await form.getByLabel('In business hours', { exact: true }).fill('Hi {first}')
    await form.getByRole('button', { name: 'Save playbook' }).click()
    await form.getByText('unknown placeholder {first}', { exact: false }).waitFor()
    await form.getByLabel('In business hours', { exact: true }).fill(IN_HOURS)
    await expectText(
      form.getByTestId('playbook-in-hours-preview'),
      /Hi Jordan, thanks for asking .+ about Roof repair!/,
    )
    await form.getByRole('button', { name: /Add follow-up/ }).click()
    await form
      .getByLabel('Follow-up 1 text', { exact: true })
      .fill('Still need a hand with {jobType}, {firstName}?')
    await form.getByLabel('Timezone').scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${screenshotDir}speed-playbook-hours-1440.png` })
    await form.getByTestId('playbook-in-hours-preview').scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${screenshotDir}speed-playbook-1440.png` })
    await form.getByRole('button', { name: 'Save playbook' }).click()
    await page.getByText('Playbook saved', { exact: true }).waitFor()

    const saved = await playbookOnServer()
    expect(saved.timezone).toBe('America/Los_Angeles')
    expect(saved.businessHours.sat).toEqual([['08:00', '18:00']])
    expect(saved.firstReply).toMatchObject({ enabled: true, mode: 'suggest', inHours: IN_HOURS })
    expect(saved.followUps).toEqual([
      { afterMinutes: 60, text: 'Still need a hand with {jobType}, {firstName}?' },
    ])
    await dialog.getByRole('button', { name: 'Close', exact: true }).click()
    await dialog.waitFor({ state: 'detached' })
  })

  it('counts the waiting leads on the dashboard and opens the inbox on Needs reply with their timers', async () => {
    const minutesAgo = (n: number) => yelpTime(Date.now() - n * 60_000)
    world.sims.newLead('lead-wait-long', {
      createdAt: minutesAgo(95),
      consumerName: LONG_NAME,
      message: 'Leaking skylight over the kitchen, can someone come this week?',
      project: { job_names: ['Roof repair'], location: { postal_code: '94107' } },
    })
    world.sims.newLead('lead-wait-short', {
      createdAt: minutesAgo(12),
      consumerName: 'Bob Stone',
      message: 'Gutters overflowing',
      project: { job_names: ['Gutter cleaning'], location: { postal_code: '94110' } },
    })
    await waitFor('both leads waiting', async () =>
      Boolean((await waiting('lead-wait-long')) && (await waiting('lead-wait-short'))),
    )

    await page.goto('/')
    const awaiting = page.getByTestId('stat-leads-awaiting-reply-value')
    await expectText(awaiting, /^2$/)
    await page.screenshot({ path: `${screenshotDir}speed-dashboard-1440.png` })
    await page.getByRole('link', { name: /Leads awaiting reply: 2/ }).click()
    await page.waitForURL(/\/inbox\?needsReply=true$/)
    await expect.poll(() => page.getByTestId('needs-reply-filter').getAttribute('aria-pressed')).toBe('true')
    // Longest waiting first, each with its live timer.
    await expect.poll(() => ids()).toEqual(['lead-wait-long', 'lead-wait-short'])
    await expectText(card('lead-wait-long').getByTestId('waiting-timer'), /^waiting 1 h 3\d min$/)
    await expectText(card('lead-wait-short').getByTestId('waiting-timer'), /^waiting 1[23] min$/)
    expect(problems).toEqual([])
  })

  it('shows a suggest-mode draft above the reply box (screenshots at 1440 and 390 px)', async () => {
    // The draft the suggest mode writes for the first reply (as the automation stores it).
    await insertDraft(world.db, {
      id: 'draft-e2e-first',
      clientId: ACME.clientId,
      leadId: 'lead-wait-short',
      kind: 'first_reply',
      text: 'Hi Bob, thanks for asking Acme about Gutter cleaning! When suits you for a visit?',
    })
    await card('lead-wait-short').click()
    const drafts = page.getByRole('region', { name: 'Drafts' })
    await drafts.waitFor()
    await expectText(drafts.getByTestId('draft-kind'), 'First reply')
    await page.screenshot({ path: `${screenshotDir}speed-inbox-1440.png` })

    const phone = await newPhoneContext(browser, world.server.url)
    const phonePage = await phone.newPage()
    await signInAsAdmin(phonePage, world.server, '/inbox?needsReply=true')
    await card('lead-wait-long', phonePage).waitFor()
    // The sign-in toast would cover the screenshots' lower part.
    await phonePage
      .locator('[data-slot="toast"]')
      .getByText('Login successful')
      .waitFor({ state: 'detached', timeout: 15_000 })
    await phonePage.screenshot({ path: `${screenshotDir}speed-inbox-list-390.png` })
    await card('lead-wait-short', phonePage).click()
    await phonePage.getByRole('region', { name: 'Drafts' }).waitFor()
    await phonePage.screenshot({ path: `${screenshotDir}speed-inbox-draft-390.png` })
    await phonePage.goto('/')
    await phonePage.getByTestId('stat-leads-awaiting-reply-value').waitFor()
    await phonePage.screenshot({ path: `${screenshotDir}speed-dashboard-390.png` })
    await phonePage.goto('/clients')
    await phonePage.getByRole('button', { name: 'Configure' }).first().click()
    await phonePage.getByRole('tab', { name: 'Response playbook' }).click()
    const phoneForm = phonePage.getByRole('form', { name: 'Response playbook' })
    await phoneForm.waitFor()
    await phonePage.screenshot({ path: `${screenshotDir}speed-playbook-hours-390.png` })
    await phoneForm.getByTestId('playbook-in-hours-preview').scrollIntoViewIfNeeded()
    await phonePage.screenshot({ path: `${screenshotDir}speed-playbook-390.png` })
    await phone.close()
  })

  it('stops the timer of a lead answered by phone', async () => {
    await card('lead-wait-long').click()
    const details = page.getByRole('region', { name: 'Lead details' })
    await details.getByTestId('waiting-timer').waitFor()
    await details.getByRole('button', { name: 'Replied by phone' }).click()
    await details.getByTestId('waiting-timer').waitFor({ state: 'detached' })
    await card('lead-wait-long').waitFor({ state: 'detached' })
    expect(await ids()).toEqual(['lead-wait-short'])
    expect(await waiting('lead-wait-long')).toBeNull()
    expect(problems).toEqual([])
  })

  it('sends an edited suggest-mode draft, and the lead leaves Needs reply', async () => {
    await card('lead-wait-short').click()
    const drafts = page.getByRole('region', { name: 'Drafts' })
    const box = drafts.getByRole('textbox')
    await box.fill('Hi Bob, we can clean the gutters on Tuesday morning.')
    await drafts.getByRole('button', { name: 'Send' }).click()
    await waitFor('the edited draft on Yelp', async () =>
      (await world.sims.yelpLead('lead-wait-short')).events.some(
        (event) =>
          event.user_type === 'BIZ' &&
          event.event_content.text === 'Hi Bob, we can clean the gutters on Tuesday morning.',
      ),
    )
    await drafts.waitFor({ state: 'detached' })
    await card('lead-wait-short').waitFor({ state: 'detached', timeout: 15_000 })
    await page.getByText('No leads waiting for a reply').waitFor()
    expect(await waiting('lead-wait-short')).toBeNull()
    expect(problems).toEqual([])
  })
})
