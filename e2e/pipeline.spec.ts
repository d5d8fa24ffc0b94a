import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME, type ConnectedWorld, startConnectedWorld } from '../server/src/testing/connected-world.ts'
import { waitFor } from '../server/src/testing/wait-for.ts'
import { GHL_SAMPLE_PIPELINE } from '../sim/ghl/ghl-fixtures.ts'
import { launchBrowser } from './support/browser.ts'
import { DESKTOP, newPhoneContext, signInAsAdmin } from './support/sign-in.ts'

// The GHL pipeline in the browser (docs/spec/product.md §9.4): map the statuses to a pipeline
// read from GoHighLevel, give the existing lead its opportunity, then watch a stage moved in
// GoHighLevel change the lead's status in the open inbox, at 1440 and 390 px.

const screenshotDir = fileURLToPath(new URL('../test-results/', import.meta.url))
const CLIENT_NAME = 'Acme Roofing'
const LEAD = 'lead-pipeline-e2e'
const STAGES = GHL_SAMPLE_PIPELINE.stages

let world: ConnectedWorld
let browser: Browser
let context: BrowserContext
let page: Page
const problems: string[] = []

function watch(target: Page) {
  target.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
}

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true })
  ;[world, browser] = await Promise.all([startConnectedWorld(), launchBrowser()])
  world.sims.newLead(LEAD, { consumerName: 'Jordan Price' })
  await waitFor('the lead’s GHL contact', async () => (await world.sims.ghlContacts()).length > 0, 30_000)
  context = await browser.newContext({ viewport: DESKTOP, baseURL: world.server.url })
  page = await context.newPage()
  watch(page)
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await world?.close()
})

const toast = (target: Page, text: string) =>
  target.locator('[data-slot="toast"]').getByText(text, { exact: true })

async function shot(target: Page, name: string) {
  await target.waitForTimeout(350)
  await target.screenshot({
    path: `${screenshotDir}${name}.png`,
    style: '[data-slot="toast-viewport"] { display: none; }',
  })
}

async function pipelineSection(target: Page, open: () => Promise<void>): Promise<Locator> {
  await open()
  const dialog = target.getByRole('dialog', { name: 'Integration Setup' })
  await dialog.getByRole('tab', { name: 'GoHighLevel' }).click()
  const section = dialog.getByRole('region', { name: 'Pipeline' })
  await section.scrollIntoViewIfNeeded()
  await section.getByLabel('Pipeline', { exact: true }).waitFor({ timeout: 15_000 })
  return section
}

const noSideways = (target: Page) =>
  target.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

describe('the Pipeline step at 1440 px', () => {
  it('maps the four statuses to stages of a pipeline read from GHL, saves, and backfills the lead', async () => {
    await signInAsAdmin(page, world.server, '/clients')
    const section = await pipelineSection(page, () =>
      page
        .locator(`tr[data-client-id="${ACME.clientId}"]`)
        .getByRole('button', { name: `Integration setup for ${CLIENT_NAME}` })
        .click(),
    )
    const pipeline = section.getByLabel('Pipeline', { exact: true })
    expect(await pipeline.inputValue()).toBe(GHL_SAMPLE_PIPELINE.id)
    // The stages named like the statuses are chosen already; Converted is set by hand here.
    expect(await section.getByLabel('New', { exact: true }).inputValue()).toBe(STAGES.newLead)
    expect(await section.getByLabel('Contacted', { exact: true }).inputValue()).toBe(STAGES.contacted)
    await section.getByLabel('Converted', { exact: true }).selectOption({ label: 'Won' })
    await section.getByLabel('Closed', { exact: true }).selectOption({ label: 'Lost' })
    await section.getByRole('button', { name: 'Save Pipeline' }).click()
    await toast(page, 'Pipeline saved').waitFor()
    expect((await world.admin.get(`/api/clients/${ACME.clientId}/pipeline`)).body).toEqual({
      enabled: true,
      pipelineId: GHL_SAMPLE_PIPELINE.id,
      stages: {
        new: STAGES.newLead,
        contacted: STAGES.contacted,
        converted: STAGES.won,
        closed: STAGES.lost,
      },
    })

    await section.getByRole('button', { name: 'Create Opportunities for Existing Leads' }).click()
    await section
      .getByText('Last backfill: 1 lead with an opportunity, 0 errors.')
      .waitFor({ timeout: 30_000 })
    const lead = await world.admin.call<{ opportunityId: string | null }>('lead', 'GET', `/api/leads/${LEAD}`)
    expect(lead.opportunityId).toBeTruthy()
    await section.getByRole('heading', { name: 'Pipeline' }).scrollIntoViewIfNeeded()
    await shot(page, 'pipeline-step-1440')
    await page.keyboard.press('Escape')
  })

  it('shows a stage moved in GHL in the open inbox, live, as changed in GHL', async () => {
    await page.goto('/inbox?needsReply=false')
    await page.locator(`[data-lead-id="${LEAD}"]`).click()
    const details = page.getByRole('region', { name: 'Lead details' })
    await details.getByText(`Lead ID: ${LEAD}`).waitFor()
    const { opportunityId } = await world.admin.call<{ opportunityId: string }>(
      'lead',
      'GET',
      `/api/leads/${LEAD}`,
    )
    const moved = await world.ghl.moveOpportunity(opportunityId, {
      pipelineStageId: STAGES.won,
      status: 'won',
    })
    expect(moved.webhooks.every((w) => w.status === 200)).toBe(true)
    // No reload: the change event refreshes the lead.
    await details.getByTestId('status-changed-in-ghl').waitFor({ timeout: 15_000 })
    await expect.poll(async () => details.locator('#lead-status').textContent()).toBe('Converted')
    await details.getByText('Status changed in GHL').waitFor()
    await details.getByText('new → converted').waitFor()
    await shot(page, 'pipeline-inbox-1440')
    expect(problems).toEqual([])
  })
})

describe('at 390 px', () => {
  let phone: BrowserContext
  let mobile: Page
  beforeAll(async () => {
    phone = await newPhoneContext(browser, world.server.url)
    mobile = await phone.newPage()
    watch(mobile)
  })
  afterAll(() => phone?.close())

  it('the Pipeline step fits the phone', async () => {
    await signInAsAdmin(mobile, world.server, '/clients')
    const section = await pipelineSection(mobile, () =>
      mobile
        .locator(`[data-client-id="${ACME.clientId}"]`)
        .getByRole('button', { name: 'Configure' })
        .click(),
    )
    expect(await section.getByLabel('Converted', { exact: true }).inputValue()).toBe(STAGES.won)
    expect(await noSideways(mobile)).toBe(true)
    await section.getByRole('heading', { name: 'Pipeline' }).scrollIntoViewIfNeeded()
    await shot(mobile, 'pipeline-step-390')
  })

  it('the lead details say the status was changed in GHL', async () => {
    await mobile.goto('/inbox?needsReply=false')
    await mobile.locator(`[data-lead-id="${LEAD}"]`).click()
    await mobile.getByRole('button', { name: 'Details' }).click()
    const details = mobile.getByRole('region', { name: 'Lead details' })
    await details.getByTestId('status-changed-in-ghl').waitFor()
    expect(await noSideways(mobile)).toBe(true)
    await shot(mobile, 'pipeline-inbox-390')
    expect(problems).toEqual([])
  })
})
