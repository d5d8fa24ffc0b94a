import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { MessageLog } from '@common/messages.ts'
import type { LogEntry } from '@common/request-logs.ts'
import type { Stats } from '@common/stats.ts'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiRequestLogs, messages, webhookLogs } from '../server/src/db/schema.ts'
import { SessionClient } from '../server/src/testing/session-client.ts'
import { startTestServer, type TestServer } from '../server/src/testing/test-server.ts'
import { waitFor } from '../server/src/testing/wait-for.ts'
import { launchBrowser } from './support/browser.ts'

// In the browser: the Dashboard's cards match GET /api/stats, Test Webhook adds a log
// entry, every Message Logs filter, and the API & Webhook Logs filters and expanded entry.

const screenshotDir = fileURLToPath(new URL('../test-results/', import.meta.url))
const LONG_NAME = 'Northwestern Emergency Roofing & Gutter Restoration Specialists of Greater Sacramento LLC'
const LONG_ID = 'northwestern-emergency-roofing-gutter-restoration-sacramento'
const DAY = '2026-03-10'

let server: TestServer
let admin: SessionClient
let browser: Browser
let context: BrowserContext
let page: Page
const problems: string[] = []

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true })
  ;[server, browser] = await Promise.all([startTestServer(), launchBrowser()])
  admin = new SessionClient(server.url)
  await admin.login(server.adminUsername, server.adminPassword)
  expect((await admin.post('/api/clients', { clientId: LONG_ID, name: LONG_NAME })).status).toBe(201)
  expect((await admin.post('/api/clients', { clientId: 'bravo', name: 'Bravo Plumbing' })).status).toBe(201)
  const db = server.server.database.db
  const now = Date.now()
  await db.insert(messages).values([
    {
      clientId: LONG_ID,
      direction: 'inbound',
      platform: 'yelp',
      content: `Hello, we need the whole roof replaced before the rainy season. ${'Very long message. '.repeat(12)}`,
      status: 'success',
      metadata: { leadId: 'lead-long-1' },
      createdAt: new Date(now - 60_000),
    },
    {
      clientId: LONG_ID,
      direction: 'outbound',
      platform: 'ghl',
      content: 'We can come on Tuesday at 9',
      status: 'error',
      metadata: { leadId: 'lead-long-1', error: 'Yelp refused the reply: 403 lead is archived' },
      createdAt: new Date(now - 30_000),
    },
    {
      clientId: 'bravo',
      direction: 'inbound',
      platform: 'yelp',
      content: 'Pipe burst in the kitchen',
      status: 'pending',
      metadata: { leadId: 'lead-bravo-1' },
      createdAt: new Date(`${DAY}T12:00:00.000Z`),
    },
  ])
  await db.insert(webhookLogs).values({
    endpoint: '/yelp/webhook',
    method: 'POST',
    statusCode: 401,
    payload: { data: { id: 'unknown-biz' } },
    response: { error: 'Webhook secret missing or wrong' },
    error: 'Webhook secret missing or wrong',
    createdAt: new Date(`${DAY}T08:00:00.000Z`),
  })
  await db.insert(apiRequestLogs).values({
    direction: 'outgoing',
    platform: 'ghl',
    endpoint: 'https://services.leadconnectorhq.com/conversations/messages/inbound',
    method: 'POST',
    statusCode: 201,
    clientId: LONG_ID,
    requestHeaders: { authorization: '[redacted]', version: '2021-04-15' },
    requestBody: { message: 'Hello' },
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: { messageId: 'm-1' },
    duration: 142,
    createdAt: new Date(now - 10_000),
  })
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: server.url })
  page = await context.newPage()
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text()))
      problems.push(message.text())
  })
  await page.goto('/')
  await page.getByPlaceholder('Enter username').fill(server.adminUsername)
  await page.getByPlaceholder('Enter password').fill(server.adminPassword)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.getByRole('heading', { name: 'Admin Login' }).waitFor({ state: 'detached' })
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await server?.close()
})

/** A Yelp delivery for a business no client serves: logged and answered, nothing else. */
function postDelivery(businessId: string, leadId: string): Promise<Response> {
  return fetch(`${server.url}/yelp/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      time: new Date().toISOString(),
      object: 'business',
      data: { id: businessId, updates: [{ event_type: 'NEW_EVENT', lead_id: leadId }] },
    }),
  })
}

async function screenshot(name: string, width: number) {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 })
  await page.waitForTimeout(400)
  await page.screenshot({ path: `${screenshotDir}${name}-${width}.png`, fullPage: true })
  await page.setViewportSize({ width: 1440, height: 900 })
}

const toast = (text: string): Locator => page.locator('[data-slot="toast"]').getByText(text, { exact: true })

async function choose(label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

describe('Dashboard', () => {
  it('shows the stat cards with the numbers of GET /api/stats and the system online', async () => {
    await page.goto('/')
    const stats = (await admin.get('/api/stats')).body as Stats
    const value = (id: string) => page.getByTestId(`stat-${id}-value`)
    await value('active-clients').waitFor()
    expect(await value('active-clients').textContent()).toBe(String(stats.activeClients))
    expect(await value('messages-today').textContent()).toBe(String(stats.messagesToday))
    expect(await value('connected-integrations').textContent()).toBe(String(stats.connectedIntegrations))
    expect(await value('error-rate').textContent()).toBe(`${stats.errorRate.toFixed(1)}%`)
    expect(stats).toMatchObject({ activeClients: 2, totalClients: 2, messagesToday: 2, errorRate: 50 })
    await page.getByText(`${stats.totalMessages} total messages`).waitFor()
    await page.getByText(`${stats.webhookErrors} webhook errors today`).waitFor()
    // Up, with no provider credentials on this hub (product §5): "not configured", not "Online".
    await expect
      .poll(() => page.getByTestId('system-indicator').getAttribute('data-state'))
      .toBe('unconfigured')
    expect(await page.getByTestId('system-indicator').textContent()).toBe('Not configured')
    for (const name of ['Webhook Endpoint', 'Reply Endpoint', 'OAuth Service'])
      await page.getByText(name, { exact: true }).waitFor()
    await page.getByRole('img', { name: /messages in the last 24 hours/ }).waitFor()
    await screenshot('dashboard', 1440)
    await screenshot('dashboard', 390)
  })

  it('opens System Health with live checks', async () => {
    await page.getByRole('button', { name: 'System Health' }).click()
    const dialog = page.getByRole('dialog', { name: 'System Health' })
    await dialog.getByTestId('health-database').waitFor()
    expect(await dialog.getByTestId('health-database').getAttribute('data-state')).toBe('ok')
    await dialog.getByText('Connections needing re-auth').waitFor()
    await page.waitForTimeout(300)
    await page.screenshot({ path: `${screenshotDir}system-health-1440.png` })
    await dialog.getByRole('button', { name: 'Close' }).first().click()
    await dialog.waitFor({ state: 'detached' })
  })

  it('Test Webhook toasts and its entry appears in the logs', async () => {
    const before = (await admin.get('/api/all-request-logs?type=webhook')).body as LogEntry[]
    await page.getByRole('button', { name: 'Test Webhook' }).click()
    await toast('Webhook test completed').waitFor()
    await toast('Test webhook logged successfully').waitFor()
    const after = (await admin.get('/api/all-request-logs?type=webhook')).body as LogEntry[]
    expect(after.length).toBe(before.length + 1)
    const added = after[0]
    expect(added?.payload).toMatchObject({ test: true })
    await page.getByRole('link', { name: 'Webhooks' }).first().click()
    await page.locator(`[data-log-id="${added?.id}"]`).waitFor()
    expect(await page.getByTestId('log-entry').first().getAttribute('data-log-id')).toBe(added?.id)
  })
})

describe('Message Logs', () => {
  const rows = () => page.getByTestId('message-row')
  const expectRows = async (count: number) =>
    expect.poll(() => rows().count(), { timeout: 10_000 }).toBe(count)

  it('lists every message, then each filter narrows it on the server', async () => {
    await page.goto('/messages')
    await page.getByText('Recent Messages').waitFor()
    await expectRows(3)
    const all = (await admin.get('/api/messages')).body as MessageLog[]
    expect(await rows().first().getAttribute('data-message-id')).toBe(String(all[0]?.id))
    await rows().getByText('Yelp refused the reply: 403 lead is archived').waitFor()
    const leadLink = rows().getByRole('link', { name: 'Open lead lead-long-1 in the inbox' }).first()
    expect(await leadLink.getAttribute('href')).toBe(`/inbox?clientId=${LONG_ID}&leadId=lead-long-1`)
    await screenshot('message-logs', 1440)
    await screenshot('message-logs', 390)

    await choose('Client', 'Bravo Plumbing')
    await expectRows(1)
    await choose('Client', 'All Clients')
    await expectRows(3)
    await choose('Direction', 'GHL → Yelp')
    await expectRows(1)
    await choose('Direction', 'All Directions')
    await choose('Status', 'pending')
    await expectRows(1)
    await choose('Status', 'All Statuses')
    await page.getByLabel('Date').fill(DAY)
    await expectRows(1)
    await rows().getByText('Pipe burst in the kitchen').waitFor()
    await page.getByLabel('Date').fill('2026-03-09')
    await page.getByText('No messages found').waitFor()
    await page.getByText('No messages match your current filters.').waitFor()
    await page.getByLabel('Date').fill('')
    await expectRows(3)
    await page.getByPlaceholder('Search messages...').fill('TUESDAY')
    await expectRows(1)
    await page.getByPlaceholder('Search messages...').fill('')
    await expectRows(3)
  })
})

describe('API & Webhook Logs', () => {
  const entries = () => page.getByTestId('log-entry')

  it('filters on the server with the count, clears, and expands an entry with redacted headers', async () => {
    await page.goto('/webhooks')
    await entries().first().waitFor()
    const total = Number((await admin.get('/api/all-request-logs')).headers.get('x-total-count'))
    expect(total).toBe(3)
    await expect.poll(() => entries().count()).toBe(total)

    await choose('Direction', 'Outgoing')
    await expect.poll(() => entries().count()).toBe(1)
    await page.getByText(`Showing 1 of ${total} logs`).waitFor()
    await page.getByRole('button', { name: 'Clear All Filters' }).click()
    await expect.poll(() => entries().count()).toBe(total)
    expect(await page.getByText(/Showing \d+ of/).count()).toBe(0)

    await choose('Endpoint', '/yelp/webhook')
    await expect.poll(() => entries().count()).toBe(2)
    await page.getByRole('button', { name: 'Clear All Filters' }).click()

    await page.getByLabel('From Date').fill(DAY)
    await page.getByLabel('To Date').fill(DAY)
    await expect.poll(() => entries().count()).toBe(1)
    await page.getByText('Webhook secret missing or wrong').first().waitFor()
    await page.getByLabel('To Date').fill('2026-03-09')
    await page.getByText('No logs match the current filters.').waitFor()
    await page.getByRole('button', { name: 'Clear All Filters' }).click()

    await page.getByPlaceholder('Search logs...').fill('leadconnectorhq')
    await expect.poll(() => entries().count()).toBe(1)
    const entry = entries().first()
    await entry.getByRole('button').first().click()
    const details = entry.getByTestId('log-details')
    await details.getByText('Request Headers').waitFor()
    await details.getByText('"authorization": "[redacted]"').waitFor()
    await details.getByText(/"messageId": "m-1"/).waitFor()
    // Side by side, the request and response bodies (and the two header blocks) start and end level.
    const edges = await details
      .getByTestId('log-body-block')
      .locator('pre')
      .evaluateAll((pres) =>
        pres.map((pre) => {
          const box = pre.getBoundingClientRect()
          return [Math.round(box.top), Math.round(box.bottom)]
        }),
      )
    expect(edges).toHaveLength(4)
    expect(edges[1]).toEqual(edges[0])
    expect(edges[3]).toEqual(edges[2])
    expect(await entry.getByText('Success', { exact: true }).count()).toBe(1)
    expect(await entry.getByText('142 ms').count()).toBe(1)
    await screenshot('request-logs', 1440)
    await screenshot('request-logs', 390)
    expect(problems).toEqual([])
  })

  it('shows a new delivery without a reload, through the events stream instead of polling', async () => {
    await page.goto('/webhooks')
    await entries().first().waitFor()
    const before = await entries().count()
    const reads: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/all-request-logs')) reads.push(request.url())
    })
    // Quiet: with the stream open, nothing polls (it was every 5 s).
    await page.waitForTimeout(6_000)
    expect(reads).toEqual([])
    const delivery = await postDelivery('stream-test-biz', 'stream-lead')
    expect(delivery.status).toBe(200)
    const added = ((await admin.get('/api/all-request-logs?type=webhook')).body as LogEntry[])[0]
    expect(added?.payload).toMatchObject({ data: { id: 'stream-test-biz' } })
    await page.locator(`[data-log-id="${added?.id}"]`).waitFor({ timeout: 5_000 })
    expect(await entries().count()).toBe(before + 1)
    expect(reads.length).toBeGreaterThan(0)
    expect(problems).toEqual([])
  })

  it('puts a new entry in front of two loaded pages by fetching the newest page alone', async () => {
    // Older than everything above: 80 more entries, so the list holds more than one page of 50.
    const start = Date.parse('2026-03-01T00:00:00.000Z')
    await server.server.database.db.insert(webhookLogs).values(
      Array.from({ length: 80 }, (_, i) => ({
        endpoint: '/yelp/webhook',
        method: 'POST',
        statusCode: 200,
        payload: { data: { id: `paging-biz-${i}` } },
        response: { received: true },
        createdAt: new Date(start + i * 1000),
      })),
    )
    await page.goto('/webhooks')
    await entries().first().waitFor()
    // The second page loads as the end of the list scrolls into view.
    await waitFor('the second page', async () => {
      await entries().last().scrollIntoViewIfNeeded()
      return (await entries().count()) > 50
    })
    const before = await entries().count()
    const reads: URL[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname === '/api/all-request-logs') reads.push(url)
    })
    const delivery = await postDelivery('paging-live-biz', 'paging-lead')
    expect(delivery.status).toBe(200)
    const added = ((await admin.get('/api/all-request-logs?type=webhook')).body as LogEntry[])[0]
    expect(added?.payload).toMatchObject({ data: { id: 'paging-live-biz' } })
    await page.locator(`[data-log-id="${added?.id}"]`).waitFor({ timeout: 5_000 })
    await page.waitForTimeout(1_000)
    expect(await entries().count()).toBe(before + 1)
    // Invalidating the list would have fetched both pages again, the second by its cursor.
    expect(reads.length).toBeGreaterThan(0)
    expect(reads.filter((url) => url.searchParams.has('cursor'))).toEqual([])
    expect(problems).toEqual([])
  })
})
