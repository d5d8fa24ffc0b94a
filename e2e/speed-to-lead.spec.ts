import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { type Playbook, playbookSchema } from '@common/playbook.ts'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

async function drafts(leadId: string): Promise<unknown[]> {
  const response = await world.admin.get(`/api/leads/${leadId}`)
  return (response.body as { drafts: unknown[] }).drafts
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
    await form.getByRole('switch', { name: /Answer every new lead/ }).click()
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
    // A day: the leads below, waiting 12 and 95 minutes, must not get it during the test.
    await form.getByLabel('Follow-up 1: after (minutes)').fill('1440')
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
      { afterMinutes: 1440, text: 'Still need a hand with {jobType}, {firstName}?' },
    ])
    await dialog.getByRole('button', { name: 'Close', exact: true }).click()
    await dialog.waitFor({ state: 'detached' })
  })

  it('counts the waiting leads on the dashboard and opens the inbox on Needs reply with their timers', async () => {
    const minutesAgo = (n: number) => yelpTime(Date.now() - n * 60_000)
    // Two leads that wrote before first replies were on (they get none), one that writes now.
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
    world.sims.newLead('lead-fresh', {
      consumerName: 'Carla Diaz',
      message: 'Need a roof inspection before we sell',
      project: { job_names: ['Roof inspection'], location: { postal_code: '10001' } },
    })
    await waitFor('three leads waiting', async () => {
      const since = await Promise.all(['lead-wait-long', 'lead-wait-short', 'lead-fresh'].map(waiting))
      return since.every(Boolean)
    })

    await page.goto('/')
    const awaiting = page.getByTestId('stat-leads-awaiting-reply-value')
    await expectText(awaiting, /^3$/)
    await page.screenshot({ path: `${screenshotDir}speed-dashboard-1440.png` })
    const figures = page.getByTestId('client-yelp-response-time').first()
    await figures.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${screenshotDir}speed-client-figures-1440.png` })
    await page.getByRole('link', { name: /Leads awaiting reply: 3/ }).click()
    await page.waitForURL(/\/inbox\?needsReply=true$/)
    await expect.poll(() => page.getByTestId('needs-reply-filter').getAttribute('aria-pressed')).toBe('true')
    // Longest waiting first, each with its live timer.
    await expect.poll(() => ids()).toEqual(['lead-wait-long', 'lead-wait-short', 'lead-fresh'])
    await expectText(card('lead-wait-long').getByTestId('waiting-timer'), /^waiting 1 h 3\d min$/)
    await expectText(card('lead-wait-short').getByTestId('waiting-timer'), /^waiting 1[23] min$/)
    // Its suggest-mode first reply may be drafted already: then the card says "Draft ready" in
    // place of its timer (one next step per card, issue 35).
    await expectText(card('lead-fresh'), /waiting (<1|1) min|Draft ready/)
    expect(problems).toEqual([])
  })

  it('shows the suggest-mode first reply as a draft above the reply box (screenshots at 1440 and 390 px)', async () => {
    await waitFor('the first reply drafted', async () => (await drafts('lead-fresh')).length === 1)
    await card('lead-fresh').click()
    const area = page.getByRole('region', { name: 'Drafts' })
    await area.waitFor()
    await expectText(area.getByTestId('draft-kind'), 'First reply')
    expect(await area.getByRole('textbox').inputValue()).toMatch(
      /^Hi Carla, thanks for asking .+ about Roof inspection! When suits you for a visit\?$/,
    )
    const timeline = page.getByTestId('automation-timeline')
    await expectText(timeline, /First reply · Drafted/)
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
    await card('lead-fresh', phonePage).click()
    await phonePage.getByRole('region', { name: 'Drafts' }).waitFor()
    await phonePage.screenshot({ path: `${screenshotDir}speed-inbox-draft-390.png` })
    await phonePage.goto('/')
    await phonePage.getByTestId('stat-leads-awaiting-reply-value').waitFor()
    await phonePage.screenshot({ path: `${screenshotDir}speed-dashboard-390.png` })
    await phonePage.getByTestId('client-response-rate').first().scrollIntoViewIfNeeded()
    await phonePage.screenshot({ path: `${screenshotDir}speed-client-figures-390.png` })
    await phonePage.goto('/clients')
    await phonePage.getByRole('button', { name: 'Configure' }).first().click()
    await phonePage.getByRole('tab', { name: 'Response playbook' }).click()
    const phoneForm = phonePage.getByRole('form', { name: 'Response playbook' })
    await phoneForm.waitFor()
    await phonePage.screenshot({ path: `${screenshotDir}speed-playbook-hours-390.png` })
    await phoneForm.getByTestId('playbook-in-hours-preview').scrollIntoViewIfNeeded()
    await phonePage.screenshot({ path: `${screenshotDir}speed-playbook-390.png` })
    await phone.close()
    expect(problems).toEqual([])
  })

  it('stops the timer of a lead answered by phone', async () => {
    await card('lead-wait-long').click()
    const details = page.getByRole('region', { name: 'Lead details' })
    await details.getByTestId('waiting-timer').waitFor()
    await details.getByRole('button', { name: 'Replied by phone' }).click()
    await details.getByTestId('waiting-timer').waitFor({ state: 'detached' })
    await card('lead-wait-long').waitFor({ state: 'detached' })
    expect(await ids()).toEqual(['lead-wait-short', 'lead-fresh'])
    expect(await waiting('lead-wait-long')).toBeNull()
    expect(problems).toEqual([])
  })

  it('sends the edited draft through the reply path, and the lead leaves Needs reply', async () => {
    await card('lead-fresh').click()
    const area = page.getByRole('region', { name: 'Drafts' })
    const text = 'Hi Carla, we can inspect the roof on Tuesday morning.'
    await area.getByRole('textbox').fill(text)
    await area.getByRole('button', { name: 'Send' }).click()
    await waitFor('the edited draft on Yelp', async () =>
      (await world.sims.yelpLead('lead-fresh')).events.some(
        (event) => event.user_type === 'BIZ' && event.event_content.text === text,
      ),
    )
    await area.waitFor({ state: 'detached' })
    await card('lead-fresh').waitFor({ state: 'detached', timeout: 15_000 })
    expect(await ids()).toEqual(['lead-wait-short'])
    expect(await waiting('lead-fresh')).toBeNull()
    expect(await drafts('lead-fresh')).toEqual([])
    await expectText(page.getByTestId('automation-timeline'), /First reply · Sent/)
    await page.getByTestId('automation-timeline').scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${screenshotDir}speed-inbox-sent-1440.png` })
    expect(problems).toEqual([])
  })
})
