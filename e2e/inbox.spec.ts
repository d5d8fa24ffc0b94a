import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ConnectedWorld, startConnectedWorld } from '../server/src/testing/connected-world.ts'
import { waitFor } from '../server/src/testing/wait-for.ts'
import { yelpTime } from '../sim/yelp/yelp-time.ts'
import { launchBrowser } from './support/browser.ts'
import { DESKTOP, newPhoneContext, signInAsAdmin } from './support/sign-in.ts'

// In the browser: the Lead Inbox (docs/spec/dashboard-spec.md §2.14) against the real
// server, engine and simulators — filters, conversation, status, reply from the hub, live
// messages without reload, and the one-column mobile layout.

const screenshotDir = fileURLToPath(new URL('../test-results/', import.meta.url))
// 80 characters: the layout must hold long names.
const LONG_NAME = 'Maximiliana Alexandrina Featherstonehaugh-Cholmondeley of the Greater Bay Area X'
const HOSTILE = 'Look <script>window.__xss = 1</script> and <img src=x onerror="window.__xss = 2"> ok'

let world: ConnectedWorld
let browser: Browser
let context: BrowserContext
let page: Page
const problems: string[] = []

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true })
  ;[world, browser] = await Promise.all([startConnectedWorld(), launchBrowser()])
  expect(LONG_NAME).toHaveLength(80)
  // A minute apart: Yelp's times are whole seconds, and leads of one second tie on activity.
  const minutesAgo = (n: number) => yelpTime(Date.now() - n * 60_000)
  world.sims.newLead('lead-roof', {
    createdAt: minutesAgo(3),
    consumerName: LONG_NAME,
    phoneNumber: '+14155550101',
    message: 'Leaking skylight, call me at (415) 555-0101 or mail max@example.com',
    project: {
      job_names: ['Roof repair'],
      availability: { status: 'ASAP', dates: [] },
      location: { postal_code: '94107' },
      survey_answers: [{ question_text: 'What type of roof?', answer_text: ['Slate'] }],
    },
  })
  world.sims.newLead('lead-gutter', {
    createdAt: minutesAgo(2),
    consumerName: 'Bob Stone',
    message: HOSTILE,
    project: {
      job_names: ['Gutter cleaning'],
      availability: { status: 'FLEXIBLE', dates: [] },
      location: { postal_code: '94110' },
    },
  })
  world.sims.newLead('lead-pipe', {
    createdAt: minutesAgo(1),
    consumerName: 'Carla Diaz',
    message: 'Need a roof inspection before we sell',
    project: {
      job_names: ['Roof inspection'],
      availability: { status: 'SPECIFIC_DATES', dates: ['2026-12-01'] },
      location: { postal_code: '10001' },
    },
  })
  await waitFor('three leads stored', async () => {
    const response = await world.admin.get('/api/leads')
    return response.headers.get('x-total-count') === '3'
  })
  // Their syncs finished: later messages start syncs of their own at once.
  await waitFor('three leads in GHL', async () => (await world.sims.ghlMessages()).length >= 3, 30_000)

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
  target.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      problems.push(message.text())
  })
}

const count = (target: Page = page) => target.getByTestId('lead-count')
const cards = (target: Page = page) => target.locator('[data-lead-id]')
const card = (leadId: string, target: Page = page) => target.locator(`[data-lead-id="${leadId}"]`)
const conversation = (target: Page = page) => target.getByRole('list', { name: 'Conversation' })
const details = (target: Page = page) => target.getByRole('region', { name: 'Lead details' })

async function expectText(locator: Locator, text: string | RegExp, timeout = 5000) {
  await expect.poll(async () => (await locator.textContent()) ?? '', { timeout }).toMatch(text)
}

async function openFilters() {
  const toggle = page.getByRole('button', { name: /Search & Filters/ })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
}

async function pick(label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

describe('Lead Inbox', () => {
  it('lists every visible lead, newest activity first, with "X of Y leads"', async () => {
    await expectText(count(), '3 of 3 leads')
    expect(await cards().evaluateAll((els) => els.map((el) => el.getAttribute('data-lead-id')))).toEqual([
      'lead-pipe',
      'lead-gutter',
      'lead-roof',
    ])
    await expectText(card('lead-roof'), LONG_NAME)
    await expectText(card('lead-roof'), /Roof repair.*94107/)
    await expectText(card('lead-roof'), /New.*ASAP.*waiting/)
    await page.screenshot({ path: `${screenshotDir}inbox-1440-list.png` })
  })

  it.each([
    ['text search', async () => page.getByLabel('Search', { exact: true }).fill('skylight'), ['lead-roof']],
    ['job type', async () => pick('Job Type', 'Gutter cleaning'), ['lead-gutter']],
    ['availability', async () => pick('Availability', 'SPECIFIC_DATES'), ['lead-pipe']],
    [
      'phone available',
      async () => page.getByRole('checkbox', { name: 'Phone Available' }).click(),
      ['lead-roof'],
    ],
    ['last message', async () => pick('Last Message', 'Business Response'), []],
    ['status', async () => pick('Status', 'Converted'), []],
    ['lead created from', async () => page.getByLabel('Lead Created From').fill('2099-01-01'), []],
  ] as const)(
    'narrows the list by %s, shows Active, and Clear All restores it',
    async (_name, apply, expected) => {
      await openFilters()
      await apply()
      await expectText(count(), `${expected.length} of 3 leads`)
      await expect
        .poll(async () => cards().evaluateAll((els) => els.map((el) => el.getAttribute('data-lead-id'))))
        .toEqual([...expected])
      if (expected.length === 0)
        await expectText(page.getByRole('region', { name: 'Leads' }), 'No leads found matching your filters')
      expect(await page.getByText('Active', { exact: true }).isVisible()).toBe(true)
      await page.getByRole('button', { name: 'Clear All' }).click()
      await expectText(count(), '3 of 3 leads')
    },
  )

  it('opens a lead: conversation with links built as elements, the event id’s last 8 characters, and the details', async () => {
    await card('lead-roof').click()
    const thread = conversation()
    await expectText(thread, /Leaking skylight/)
    expect(await thread.locator('a[href="mailto:max@example.com"]').count()).toBe(1)
    expect(await thread.locator('a[href="tel:+14155550101"]').count()).toBe(1)
    const yelp = await world.sims.yelpLead('lead-roof')
    const eventId = yelp.events[0]?.id ?? ''
    await expectText(thread, eventId.slice(-8))
    expect((await thread.textContent()) ?? '').not.toContain(eventId.slice(0, -8))
    const panel = details()
    await expectText(panel, 'Lead ID: lead-roof')
    await expectText(panel, /Contact Information.*\(temp\)/)
    await expectText(panel, /What type of roof\?\s*Slate/)
    await page.screenshot({ path: `${screenshotDir}inbox-1440-lead.png` })
  })

  it('renders <script> and <img onerror> in a message as text', async () => {
    await card('lead-gutter').click()
    await expectText(conversation(), '<script>window.__xss = 1</script>')
    await expectText(conversation(), '<img src=x onerror="window.__xss = 2">')
    expect(await conversation().locator('script, img').count()).toBe(0)
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined()
  })

  it('changes a status from the details column, and the change survives a reload', async () => {
    await card('lead-pipe').click()
    // The details column's own control: until it renders, the last 'Status' is the filter's.
    await details().getByLabel('Status', { exact: true }).click()
    await page.getByRole('option', { name: 'Contacted', exact: true }).click()
    await expectText(card('lead-pipe'), /Contacted/)
    await page.reload()
    await expectText(count(), '3 of 3 leads', 15_000)
    await card('lead-pipe').click()
    await expect.poll(async () => details().getByRole('combobox').textContent()).toBe('Contacted')
  })

  it('sends a reply typed in the inbox to Yelp and shows it sent', async () => {
    await card('lead-roof').click()
    const text = 'Thanks! We can come Thursday at 10.'
    await page.getByPlaceholder('Type a reply to send on Yelp...').fill(text)
    await page.getByRole('button', { name: 'Send' }).click()
    await expectText(conversation(), text)
    await waitFor('the reply on Yelp', async () =>
      (await world.sims.yelpLead('lead-roof')).events.some(
        (e) => e.user_type === 'BIZ' && e.event_content.text === text,
      ),
    )
    // Sent: either the hub's bubble says so, or Yelp's event has replaced it.
    await expect
      .poll(
        async () => {
          const thread = (await conversation().textContent()) ?? ''
          return thread.includes('Sending…') ? 'pending' : 'sent'
        },
        { timeout: 10_000 },
      )
      .toBe('sent')
    // Answered: the card's waiting timer goes (it shows one status chip, never "Contacted" beside "New").
    await expect
      .poll(() => card('lead-roof').getByTestId('waiting-timer').count(), { timeout: 10_000 })
      .toBe(0)
    expect(await card('lead-roof').textContent()).not.toMatch(/Contacted/)
    // Yelp's echo of the reply stored (the lead's newest event is the business's): later tests
    // count the requests a change costs, and this lead's own change must not land in them.
    await waitFor('the echo of the reply stored', async () => {
      const stored = await world.admin.get('/api/leads/lead-roof')
      return (stored.body as { lastMessage?: string }).lastMessage === 'outbound'
    })
  })

  it('shows a new consumer message in the open conversation without a reload', async () => {
    await card('lead-gutter').click()
    await expectText(conversation(), /Look/)
    const before = await page.evaluate(() => performance.getEntriesByType('navigation').length)
    const sentAt = Date.now()
    world.sims.consumerMessage('lead-gutter', 'Are you free tomorrow morning?')
    await expectText(conversation(), 'Are you free tomorrow morning?', 5000)
    const took = Date.now() - sentAt
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(before)
    // The lead moved to the top of the list with it.
    await expect.poll(async () => cards().first().getAttribute('data-lead-id')).toBe('lead-gutter')
    expect(took).toBeLessThan(5000)
    expect(problems).toEqual([])
  })

  it('applies a live change by fetching that lead alone, not by reloading the loaded pages', async () => {
    await card('lead-roof').click()
    await expectText(conversation(), /Leaking skylight/)
    const requests: string[] = []
    const record = (request: { url(): string; method(): string }) => {
      const url = new URL(request.url())
      if (request.method() === 'GET' && url.pathname.startsWith('/api/leads'))
        requests.push(`${url.pathname}${url.search}`)
    }
    page.on('request', record)
    try {
      world.sims.consumerMessage('lead-pipe', 'Can you also check the chimney?')
      await expect.poll(async () => cards().first().getAttribute('data-lead-id')).toBe('lead-pipe')
      await expectText(count(), '3 of 3 leads')
      // The engine's later jobs for the same message announce the lead again: let them arrive.
      await new Promise((resolve) => setTimeout(resolve, 2000))
    } finally {
      page.off('request', record)
    }
    // The one-row counts of "Needs reply" and "Draft ready" (and the sidebar's) are asked again:
    // a lead that stops matching them cannot be told from its new state alone.
    const isCount = (r: string) => /[?&]limit=1(&|$)/.test(r)
    const pageLoads = requests.filter((r) => r.startsWith('/api/leads?') && !isCount(r))
    const ofTheLead = requests.filter((r) => r === '/api/leads/lead-pipe')
    // Before: every loaded page (limit=200, with its count) and the open lead came again.
    expect(pageLoads).toEqual([])
    expect(ofTheLead.length).toBeGreaterThanOrEqual(1)
    expect(requests.filter((r) => r === '/api/leads/lead-roof')).toEqual([])
    // The message's sync and its later jobs may each announce the lead (and a lead an earlier test
    // opened may turn read meanwhile): each announcement costs one small fetch, never a page.
    expect(ofTheLead.length, requests.join(', ')).toBeLessThanOrEqual(3)
    const allowed = (r: string) =>
      r === '/api/leads/facets' || /^\/api\/leads\/lead-[a-z]+$/.test(r) || isCount(r)
    expect(
      requests.filter((r) => !allowed(r)),
      requests.join(', '),
    ).toEqual([])
    expect(problems).toEqual([])
  })
})

describe('Lead Inbox on a 390 px phone', () => {
  let phone: BrowserContext
  let mobile: Page

  beforeAll(async () => {
    phone = await newPhoneContext(browser, world.server.url)
    mobile = await phone.newPage()
    watch(mobile)
    await signInAsAdmin(mobile, world.server, '/inbox?needsReply=false')
  })
  afterAll(() => phone?.close())

  it('shows one column at a time with a back button and never scrolls sideways', async () => {
    await expectText(count(mobile), '3 of 3 leads', 15_000)
    const noSideways = () =>
      mobile.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)
    expect(await noSideways()).toBe(true)
    expect(await mobile.getByRole('region', { name: 'Conversation' }).isVisible()).toBe(false)
    await mobile.screenshot({ path: `${screenshotDir}inbox-390-list.png` })
    await card('lead-roof', mobile).click()
    expect(await mobile.getByRole('region', { name: 'Leads' }).isVisible()).toBe(false)
    await expectText(conversation(mobile), /Leaking skylight/)
    expect(await noSideways()).toBe(true)
    await mobile.screenshot({ path: `${screenshotDir}inbox-390-conversation.png` })
    await mobile.getByRole('button', { name: 'Details' }).click()
    await expectText(mobile.getByRole('region', { name: 'Lead details' }), 'Lead ID: lead-roof')
    expect(await noSideways()).toBe(true)
    await mobile.screenshot({ path: `${screenshotDir}inbox-390-details.png` })
    await mobile.getByRole('button', { name: 'Back to conversation' }).click()
    await mobile.getByRole('button', { name: 'Back to leads' }).click()
    expect(await mobile.getByRole('region', { name: 'Leads' }).isVisible()).toBe(true)
    expect(problems).toEqual([])
  })
})
