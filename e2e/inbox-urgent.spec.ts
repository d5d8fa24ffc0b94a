import { mkdirSync } from 'node:fs'
import type { CreatedAlertChannel } from '@common/alerts.ts'
import { QUEUES } from '@common/queues.ts'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertDraft } from '../server/src/repositories/lead-drafts.repository.ts'
import { ACME, type ConnectedWorld, startConnectedWorld } from '../server/src/testing/connected-world.ts'
import { waitFor } from '../server/src/testing/wait-for.ts'
import { startWebhookCatcher, type WebhookCatcher } from '../sim/catchers/webhook-catcher.ts'
import { yelpTime } from '../sim/yelp/yelp-time.ts'
import { launchBrowser } from './support/browser.ts'
import { DESKTOP, newPhoneContext, signInAsAdmin } from './support/sign-in.ts'

// Issue 35 in the browser: the inbox opens on the leads waiting for a reply, longest waiting
// first, with their count (on "Needs reply" and on the sidebar's Lead Inbox, live); a lead with a
// draft says "Draft ready" and "Draft ready" is a filter; a lead.unanswered alert's link opens
// that lead with its draft. Screenshots at 1440 and 390 px with an 80-character client name.

const screenshotDir = process.env.SHOTS_DIR ?? '/tmp/shots/inbox/'
const LONG_CLIENT_NAME = 'Bay Area Premium Roofing, Gutters & Solar Panel Installation Specialists of SF C'
const DRAFT_TEXT =
  'Hi Nora, thanks for writing! We can look at the gutters tomorrow at 9. Does that suit you?'
const MINUTE = 60_000

let world: ConnectedWorld
let hooks: WebhookCatcher
let browser: Browser
const contexts: BrowserContext[] = []
const problems: string[] = []

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true })
  expect(LONG_CLIENT_NAME).toHaveLength(80)
  hooks = await startWebhookCatcher()
  ;[world, browser] = await Promise.all([
    startConnectedWorld({ core: { alerts: { retryBaseMs: 100, retryMaxMs: 400, claimMs: 5_000 } } }),
    launchBrowser(),
  ])
  await world.admin.call('name the client at length', 'PUT', `/api/clients/${ACME.clientId}`, {
    name: LONG_CLIENT_NAME,
  })
  const channel = await world.admin.call<CreatedAlertChannel>(
    'an alert channel',
    'POST',
    '/api/alert-channels',
    {
      name: 'Waiting leads',
      type: 'webhook',
      target: hooks.url,
      events: ['lead.unanswered'],
      slaMinutes: 1,
    },
  )
  expect(channel.secret).toBeTruthy()
  const ago = (ms: number) => yelpTime(Date.now() - ms)
  // Created newest first, so the activity order is the reverse of the waiting order.
  world.sims.newLead('urg-3h', {
    createdAt: ago(3 * 60 * MINUTE),
    consumerName: 'Olga Oldest',
    message: 'Roof leaks',
  })
  world.sims.newLead('urg-40m', {
    createdAt: ago(40 * MINUTE),
    consumerName: 'Nadia Drafted',
    message: 'Gutters?',
  })
  world.sims.newLead('urg-2m', {
    createdAt: ago(2 * MINUTE),
    consumerName: 'Fred Fresh',
    message: 'Skylight quote',
  })
  world.sims.newLead('urg-closed', {
    createdAt: ago(MINUTE),
    consumerName: 'Cleo Closed',
    message: 'Never mind',
  })
  await waitFor('four leads stored', async () => {
    const response = await world.admin.get('/api/leads')
    return response.headers.get('x-total-count') === '4'
  })
  await world.admin.call('close one lead', 'PATCH', '/api/leads/urg-closed/status', { status: 'closed' })
  await insertDraft(world.db, {
    id: 'urgent-draft',
    clientId: ACME.clientId,
    leadId: 'urg-40m',
    kind: 'first_reply',
    text: DRAFT_TEXT,
  })
}, 180_000)

afterAll(async () => {
  for (const context of contexts) await context.close()
  await browser?.close()
  await world?.close()
  await hooks?.close()
})

async function signedIn(size: 'desktop' | 'phone', path: string): Promise<Page> {
  const context =
    size === 'phone'
      ? await newPhoneContext(browser, world.server.url)
      : await browser.newContext({ viewport: DESKTOP, baseURL: world.server.url })
  contexts.push(context)
  const page = await context.newPage()
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  await signInAsAdmin(page, world.server, path)
  return page
}

const cards = (page: Page) => page.locator('[data-lead-id]')
const card = (page: Page, leadId: string) => page.locator(`[data-lead-id="${leadId}"]`)
const cardOrder = (page: Page) =>
  cards(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-lead-id')))
const noSideways = (page: Page) =>
  page.evaluate(() =>
    [document.documentElement, document.querySelector('main')].every(
      (element) => !element || element.scrollWidth <= element.clientWidth,
    ),
  )

async function expectText(locator: Locator, text: string | RegExp, timeout = 10_000) {
  await expect.poll(async () => (await locator.textContent()) ?? '', { timeout }).toMatch(text)
}

describe('the inbox, urgent first', () => {
  let page: Page

  it('opens on Needs reply with its count, the longest-waiting lead first, and the sidebar carries the count', async () => {
    page = await signedIn('desktop', '/inbox')
    await expect.poll(() => page.getByTestId('needs-reply-filter').getAttribute('aria-pressed')).toBe('true')
    expect(new URL(page.url()).searchParams.get('needsReply')).toBe('true')
    await expectText(page.getByTestId('needs-reply-filter-count'), '3')
    await expectText(page.getByTestId('inbox-waiting-count'), /^3/)
    await expect.poll(() => cardOrder(page)).toEqual(['urg-3h', 'urg-40m', 'urg-2m'])
    await expectText(page.getByTestId('lead-count'), '3 of 4 leads')
    await expectText(card(page, 'urg-3h').getByTestId('waiting-timer'), /^waiting 3 h/)
    // One status chip and one next step per card: no "New Message" or "Contacted" beside "New".
    await expectText(card(page, 'urg-3h'), /New/)
    expect(await card(page, 'urg-3h').textContent()).not.toMatch(/New Message|Contacted/)
    await expectText(card(page, 'urg-3h'), new RegExp(LONG_CLIENT_NAME.slice(0, 30).replace(/[,&]/g, '.')))
    expect(await noSideways(page)).toBe(true)
    await page.screenshot({ path: `${screenshotDir}inbox-urgent-1440.png` })
  })

  it('marks the lead with a draft "Draft ready" instead of its timer, and filters on it', async () => {
    await expectText(card(page, 'urg-40m').getByTestId('draft-ready'), 'Draft ready')
    expect(await card(page, 'urg-40m').getByTestId('waiting-timer').count()).toBe(0)
    await expectText(page.getByTestId('draft-ready-filter-count'), '1')
    await page.getByTestId('draft-ready-filter').click()
    await expect.poll(() => new URL(page.url()).searchParams.get('hasDraft')).toBe('true')
    await expect.poll(() => cardOrder(page)).toEqual(['urg-40m'])
    await expectText(page.getByTestId('lead-count'), '1 of 4 leads')
    await page.getByTestId('draft-ready-filter').click()
    await page.getByTestId('needs-reply-filter').click()
    // All leads, newest activity first, Needs reply written off so the default does not return.
    await expect.poll(() => new URL(page.url()).searchParams.get('needsReply')).toBe('false')
    await expect.poll(() => cardOrder(page)).toEqual(['urg-closed', 'urg-2m', 'urg-40m', 'urg-3h'])
  })

  it('counts a new waiting lead on the sidebar without a reload', async () => {
    world.sims.newLead('urg-new', { consumerName: 'Nina New', message: 'Are you open Saturday?' })
    await expectText(page.getByTestId('inbox-waiting-count'), /^4/, 20_000)
    await expectText(page.getByTestId('needs-reply-filter-count'), '4')
  })

  it('at 390 px: the waiting leads, their counts and the long client name fit, no sideways scroll', async () => {
    const phone = await signedIn('phone', '/inbox')
    await expect.poll(() => cardOrder(phone)).toEqual(['urg-3h', 'urg-40m', 'urg-2m', 'urg-new'])
    await expectText(phone.getByTestId('needs-reply-filter-count'), '4')
    expect(await noSideways(phone)).toBe(true)
    await phone.screenshot({ path: `${screenshotDir}inbox-urgent-390.png` })
    await card(phone, 'urg-40m').click()
    await phone.getByRole('region', { name: 'Drafts' }).waitFor()
    expect(await noSideways(phone)).toBe(true)
    await phone.screenshot({ path: `${screenshotDir}inbox-urgent-390-draft.png` })
  })
})

interface Delivered {
  type: string
  leadId?: string
  leadUrl?: string
  summary: string
}

describe('a lead.unanswered alert', () => {
  it('says a draft is ready, and its link opens that lead with its draft', async () => {
    // A channel alerts waits that began after it was made (alert-conditions.repository.ts): a lead
    // that wrote 90 s ago, past the channel's 1-minute SLA, with a draft waiting.
    world.sims.newLead('urg-alert', {
      createdAt: yelpTime(Date.now() - 90_000),
      consumerName: 'Nora Drafted',
      message: 'Gutters?',
    })
    await waitFor(
      'the lead stored',
      async () => (await world.admin.get('/api/leads/urg-alert')).status === 200,
    )
    await insertDraft(world.db, {
      id: 'alert-draft',
      clientId: ACME.clientId,
      leadId: 'urg-alert',
      kind: 'first_reply',
      text: DRAFT_TEXT,
    })
    expect(await world.server.server.boss.send(QUEUES.alertConditions, {})).toBeTruthy()
    const alert = await waitFor('the alert of the drafted lead', async () =>
      hooks
        .requests()
        .map((request) => JSON.parse(request.body) as Delivered)
        .find((body) => body.type === 'lead.unanswered' && body.leadId === 'urg-alert'),
    )
    expect(alert.summary).toMatch(/a draft reply is ready$/)
    expect(alert.leadUrl).toBe(`${world.server.url}/inbox?clientId=${ACME.clientId}&leadId=urg-alert`)
    const page = await signedIn('desktop', alert.leadUrl ?? '')
    // A linked lead opens among all leads: it may not be waiting.
    await expect.poll(() => page.getByTestId('needs-reply-filter').getAttribute('aria-pressed')).toBe('false')
    const conversation = page.getByRole('region', { name: 'Conversation' })
    await expectText(conversation.getByRole('heading', { level: 3 }), 'Nora Drafted')
    const drafts = page.getByRole('region', { name: 'Drafts' })
    expect(await drafts.getByRole('textbox').inputValue()).toBe(DRAFT_TEXT)
    // Shown once, with one Send of its own beside the reply box's.
    expect(await drafts.getByRole('button', { name: 'Send' }).count()).toBe(1)
    expect(await card(page, 'urg-alert').getAttribute('aria-current')).toBe('true')
    await page.screenshot({ path: `${screenshotDir}inbox-urgent-1440-alert-link.png` })
    expect(problems).toEqual([])
  })
})
