import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME, type ConnectedWorld, startConnectedWorld } from '../server/src/testing/connected-world.ts'
import { waitFor } from '../server/src/testing/wait-for.ts'
import { type AiSim, createAiSim } from '../sim/ai/ai-sim.ts'
import { launchBrowser } from './support/browser.ts'
import { DESKTOP, newPhoneContext, signInAsAdmin } from './support/sign-in.ts'

// AI drafts in the browser (docs/spec/product.md §9.6): "Draft with AI" above the reply box fills
// an editable draft from the lead's words (the OpenAI-compatible simulator writes it), marked
// "AI draft" until edited; Send posts it to Yelp through the reply path; a failing model shows its
// message and sends nothing. Screenshots at 1440 and 390 px go to test-results/.

const screenshotDir = fileURLToPath(new URL('../test-results/', import.meta.url))
const WORDS = 'Water drips through the kitchen ceiling whenever it rains. Could someone look on Thursday?'

let ai: AiSim
let world: ConnectedWorld
let browser: Browser
let context: BrowserContext
let page: Page
const problems: string[] = []

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true })
  ai = createAiSim()
  await ai.listen()
  ;[world, browser] = await Promise.all([
    startConnectedWorld({ env: ai.env(), core: { ai: { timeoutMs: 2_000 } } }),
    launchBrowser(),
  ])
  world.sims.newLead('lead-ai', {
    consumerName: 'Ana Ruiz',
    message: WORDS,
    project: { job_names: ['Roof repair'], location: { postal_code: '94110' } },
  })
  // The phone works another lead: a draft made on one screen shows as a stored draft on the other.
  world.sims.newLead('lead-ai-phone', {
    consumerName: 'Ben Cho',
    message: 'Our gutters overflow onto the porch. Do you clean and repair gutters?',
    project: { job_names: ['Gutter cleaning'], location: { postal_code: '94107' } },
  })
  for (const leadId of ['lead-ai', 'lead-ai-phone'])
    await waitFor(
      `${leadId} stored`,
      async () => (await world.admin.get(`/api/leads/${leadId}`)).status === 200,
    )
  context = await browser.newContext({ viewport: DESKTOP, baseURL: world.server.url })
  page = await context.newPage()
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  await signInAsAdmin(page, world.server, '/inbox')
  await page
    .locator('[data-slot="toast"]')
    .getByText('Login successful')
    .waitFor({ state: 'detached', timeout: 15_000 })
}, 120_000)

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await world?.close()
  await ai?.close()
})

const card = (target: Page, leadId = 'lead-ai') => target.locator(`[data-lead-id="${leadId}"]`)
const businessTexts = async () =>
  (await world.sims.yelpLead('lead-ai')).events
    .filter((event) => event.user_type === 'BIZ')
    .map((event) => event.event_content.text ?? '')

describe('Draft with AI in the inbox', () => {
  it('fills the reply box with a draft from the lead’s words, marked as AI-written (screenshots at 1440 and 390 px)', async () => {
    await card(page).click()
    const replyBox = page.getByRole('textbox', { name: 'Reply' })
    await page.getByRole('button', { name: 'Draft with AI' }).click()
    await expect
      .poll(() => replyBox.inputValue(), { timeout: 10_000 })
      .toContain('Water drips through the kitchen ceiling')
    expect(await replyBox.inputValue()).toMatch(/^Hi Ana, thanks for reaching out to Acme Roofing/)
    await page.getByTestId('ai-draft-marker').waitFor()
    await page.screenshot({ path: `${screenshotDir}ai-draft-inbox-1440.png` })
    // Nothing reached Yelp: the draft waits for a person.
    expect(await businessTexts()).toEqual([])

    const phone = await newPhoneContext(browser, world.server.url)
    const phonePage = await phone.newPage()
    await signInAsAdmin(phonePage, world.server, '/inbox')
    await phonePage
      .locator('[data-slot="toast"]')
      .getByText('Login successful')
      .waitFor({ state: 'detached', timeout: 15_000 })
    await card(phonePage, 'lead-ai-phone').click()
    await phonePage.getByRole('button', { name: 'Draft with AI' }).click()
    await phonePage.getByTestId('ai-draft-marker').waitFor({ timeout: 10_000 })
    await phonePage.screenshot({ path: `${screenshotDir}ai-draft-inbox-390.png` })
    await phone.close()
    expect(await businessTexts()).toEqual([])
    expect(problems).toEqual([])
  })

  it('drops the marker once edited, and Send posts the edited text to Yelp', async () => {
    const replyBox = page.getByRole('textbox', { name: 'Reply' })
    await replyBox.press('End')
    await replyBox.pressSequentially(' See you soon!')
    await page.getByTestId('ai-draft-marker').waitFor({ state: 'detached' })
    const text = await replyBox.inputValue()
    await page
      .locator('form')
      .filter({ has: replyBox })
      .getByRole('button', { name: 'Send', exact: true })
      .click()
    await waitFor('the edited AI draft on Yelp', async () => (await businessTexts()).includes(text.trim()))
    await expect.poll(() => replyBox.inputValue()).toBe('')
    const stats = await world.admin.get('/api/stats/clients')
    const acme = (stats.body as { clients: Array<{ aiDrafts: { sent: number; edited: number } }> }).clients[0]
    expect(acme?.aiDrafts).toMatchObject({ sent: 1, edited: 1 })
    expect(problems).toEqual([])
  })

  it('shows the error of a failing model and sends nothing', async () => {
    ai.faults.add({ path: '/v1/chat/completions', status: 500 })
    const before = (await businessTexts()).length
    await page.getByRole('button', { name: 'Draft with AI' }).click()
    await page.getByRole('alert').filter({ hasText: 'The AI model server failed: 500' }).waitFor()
    expect(await page.getByRole('textbox', { name: 'Reply' }).inputValue()).toBe('')
    await page.screenshot({ path: `${screenshotDir}ai-draft-error-1440.png` })
    expect((await businessTexts()).length).toBe(before)
    expect(problems).toEqual([])
  })

  it('lists the model calls among the API logs, named and with their tokens, never the key', async () => {
    await page.goto('/webhooks')
    const aiEntries = page.getByTestId('log-entry').filter({ has: page.getByTestId('log-ai') })
    await aiEntries.first().waitFor()
    await expectAiSummary(aiEntries)
    await aiEntries.first().click()
    await page.screenshot({ path: `${screenshotDir}ai-draft-logs-1440.png` })
    expect(await page.content()).not.toMatch(/authorization/i)
    expect(problems).toEqual([])
  })
})

describe('AI in the Response playbook tab', () => {
  it('offers "Written by: AI" for the first reply and saves it with the profile', async () => {
    await page.goto('/clients')
    const row = page.locator(`tr[data-client-id="${ACME.clientId}"]`)
    await row.getByRole('button', { name: /^Integration setup for / }).click()
    const dialog = page.getByRole('dialog', { name: 'Integration Setup' })
    await dialog.getByRole('tab', { name: 'Response playbook' }).click()
    const form = dialog.getByRole('form', { name: 'Response playbook' })
    await form.waitFor()
    await form.getByRole('combobox', { name: 'Written by' }).click()
    await page.getByRole('option', { name: 'AI, from the lead’s words' }).click()
    await form.getByLabel('Business profile').fill('Family-run roofers in San Francisco; repairs from $350.')
    await form.getByLabel('Business profile').scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${screenshotDir}ai-playbook-1440.png` })
    await form.getByRole('button', { name: 'Save playbook' }).click()
    await page.getByText('Playbook saved', { exact: true }).waitFor()
    const saved = await world.admin.get(`/api/clients/${ACME.clientId}/playbook`)
    expect(saved.body).toMatchObject({
      firstReply: { source: 'ai' },
      profile: 'Family-run roofers in San Francisco; repairs from $350.',
      allowContactDetails: false,
    })
    expect(problems).toEqual([])
  })
})

async function expectAiSummary(entries: ReturnType<Page['getByTestId']>) {
  const summaries = await entries.getByTestId('log-ai').allTextContents()
  expect(summaries.some((text) => /^AI model · \d+ tokens$/.test(text))).toBe(true)
  expect(summaries).toContain('AI model')
}
