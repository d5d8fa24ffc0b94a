import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Alert, AlertChannel } from '@common/alerts.ts'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { leads } from '../server/src/db/schema.ts'
import { SessionClient } from '../server/src/testing/session-client.ts'
import { findFreePort, startTestServer, type TestServer } from '../server/src/testing/test-server.ts'
import { waitFor } from '../server/src/testing/wait-for.ts'
import { type MailCatcher, startMailCatcher } from '../sim/catchers/mail-catcher.ts'
import { startWebhookCatcher, type WebhookCatcher } from '../sim/catchers/webhook-catcher.ts'
import { launchBrowser } from './support/browser.ts'
import { DESKTOP, PHONE, signInAsAdmin } from './support/sign-in.ts'

// The Alerts page in the browser (docs/spec/product.md §9.3): creating a signed webhook channel
// shows its secret once; Send test shows delivery or the channel's own error; the history fills
// in live; the header turns 'System Degraded' with its reason. Screenshots of the page and of a
// real alert email (HTML and text) at 390 and 1440 px.

const shots = fileURLToPath(new URL('../test-results/', import.meta.url))
const LONG_NAME = 'Northwestern Emergency Roofing & Gutter Restoration Specialists of Greater Sacramento LLC'
const LONG_ID = 'northwestern-emergency-roofing'
let server: TestServer
let admin: SessionClient
let hooks: WebhookCatcher
let mail: MailCatcher
let browser: Browser
let context: BrowserContext
let page: Page
const problems: string[] = []

beforeAll(async () => {
  mkdirSync(shots, { recursive: true })
  ;[hooks, mail, browser] = await Promise.all([startWebhookCatcher(), startMailCatcher(), launchBrowser()])
  server = await startTestServer({
    env: { SMTP_URL: mail.smtpUrl, ALERT_EMAIL_FROM: 'LeadRelay <alerts@agency.test>' },
  })
  admin = new SessionClient(server.url)
  await admin.login(server.adminUsername, server.adminPassword)
  expect((await admin.post('/api/clients', { clientId: LONG_ID, name: LONG_NAME })).status).toBe(201)
  const now = new Date()
  await server.server.database.db.insert(leads).values({
    leadId: 'lead-alerts-1',
    clientId: LONG_ID,
    businessId: 'northwestern-biz',
    userDisplayName: 'Maximilian Alexander Richardson-Featherstonehaugh',
    timeCreated: now,
    lastEventTime: now,
    projectData: { job_names: ['Roof replacement'] },
    events: [
      {
        id: 'evt-alerts-1',
        event_type: 'TEXT',
        user_type: 'CONSUMER',
        time_created: now.toISOString(),
        event_content: { text: 'We need the whole roof replaced before the rainy season.' },
      },
    ],
  })
  context = await browser.newContext({ viewport: DESKTOP, baseURL: server.url })
  page = await context.newPage()
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text()))
      problems.push(message.text())
  })
  await signInAsAdmin(page, server, '/alerts')
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await server?.close()
  await hooks?.close()
  await mail?.close()
})

async function screenshot(target: Page, name: string, width: number) {
  await target.setViewportSize(width < 600 ? PHONE : DESKTOP)
  await target.waitForTimeout(400)
  await target.screenshot({ path: `${shots}${name}-${width}.png`, fullPage: true })
}

async function noHorizontalScroll(target: Page): Promise<void> {
  const overflow = await target.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}

describe('Alerts page', () => {
  it('shows the empty states first', async () => {
    await page.getByText('No alert channels yet').waitFor()
    await page.getByText('No alerts found').waitFor()
    await page.getByRole('link', { name: 'Alerts' }).first().waitFor()
  })

  it('creates a signed webhook channel and shows its secret once', async () => {
    await page.getByRole('button', { name: 'Add Channel' }).click()
    await page.getByLabel('Name').fill(`Ops receiver for ${LONG_NAME}`)
    await page.getByRole('combobox', { name: 'Type' }).click()
    await page.getByRole('option', { name: 'Webhook (signed)' }).click()
    await page.getByLabel('URL').fill(`${hooks.url}/a-secret-path`)
    await page.getByLabel('Lead status changed').check()
    await page.getByLabel('Connection needs re-auth').check()
    await page.getByRole('button', { name: 'Add Channel' }).last().click()
    const secret = await page.getByTestId('channel-secret').textContent()
    expect(secret).toMatch(/^whsec_/)
    await page.getByRole('button', { name: 'Done' }).click()
    const channel = page.getByTestId('alert-channel').first()
    await channel.getByText(new URL(hooks.url).origin, { exact: false }).waitFor()
    expect(await page.content()).not.toContain('a-secret-path')
    expect(await page.content()).not.toContain(secret ?? 'whsec_')
  })

  it("Send test reports delivery, or the channel's own error", async () => {
    await admin.post('/api/alert-channels', {
      name: 'Broken Slack',
      type: 'slack',
      target: `http://127.0.0.1:${await findFreePort()}/hooks`,
      events: ['job.dead'],
    })
    await admin.post('/api/alert-channels', {
      name: 'Agency inbox',
      type: 'email',
      target: 'ops@agency.test',
      events: ['lead.status_changed', 'connection.needs_reauth'],
    })
    await page.reload()
    const broken = page.getByTestId('alert-channel').filter({ hasText: 'Broken Slack' })
    await broken.getByRole('button', { name: 'Send test' }).click()
    await broken
      .getByTestId('channel-test-outcome')
      .getByText(/^Test failed: Slack could not be reached: .*ECONNREFUSED/)
      .waitFor()
    const inbox = page.getByTestId('alert-channel').filter({ hasText: 'Agency inbox' })
    await inbox.getByRole('button', { name: 'Send test' }).click()
    await inbox.getByTestId('channel-test-outcome').getByText('Test delivered.').waitFor()
    expect(mail.mails().at(-1)?.subject).toContain('Test alert from LeadRelay')
  })

  it('fills the history in live, and the header says why the system is degraded', async () => {
    expect(
      (await admin.request('PATCH', '/api/leads/lead-alerts-1/status', { json: { status: 'contacted' } }))
        .status,
    ).toBe(200)
    await page
      .getByTestId('alert-row')
      .filter({ hasText: 'is now contacted' })
      .first()
      .waitFor({ timeout: 20_000 })
    await server.server.core.tokens.markNeedsReauth('ghl', LONG_ID, 'GoHighLevel refused the refresh token')
    await page
      .getByTestId('alert-row')
      .filter({ hasText: 'needs to be authorized again' })
      .first()
      .waitFor({ timeout: 20_000 })
    const history = (await admin.get('/api/alerts')).body as Alert[]
    await waitFor('the alerts delivered', async () => {
      const rows = (await admin.get('/api/alerts')).body as Alert[]
      return rows.filter((row) => row.state === 'sent').length >= 4
    })
    expect(history.length).toBeGreaterThanOrEqual(4)
    const indicator = page.getByTestId('system-indicator')
    await expect.poll(() => indicator.getAttribute('data-state'), { timeout: 40_000 }).toBe('degraded')
    expect(await indicator.getAttribute('title')).toContain('re-auth')
    await page.getByRole('combobox', { name: 'State' }).click()
    await page.getByRole('option', { name: 'sent', exact: true }).click()
    await page.getByText(/^\d+ of \d+ alerts$/).waitFor()
    await page.getByRole('combobox', { name: 'State' }).click()
    await page.getByRole('option', { name: 'All states' }).click()
  })

  it('edits and deletes a channel', async () => {
    const broken = page.getByTestId('alert-channel').filter({ hasText: 'Broken Slack' })
    await broken.getByRole('button', { name: 'Edit Broken Slack' }).click()
    await page.getByLabel('Name').fill('Broken Slack (renamed)')
    await page.getByRole('button', { name: 'Save Channel' }).click()
    await page.getByTestId('alert-channel').filter({ hasText: 'Broken Slack (renamed)' }).waitFor()
    await page.getByRole('button', { name: 'Delete Broken Slack (renamed)' }).click()
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    await page.getByTestId('alert-channel').filter({ hasText: 'Broken Slack' }).waitFor({ state: 'detached' })
    const channels = (await admin.get('/api/alert-channels')).body as AlertChannel[]
    expect(channels.map((channel) => channel.name)).not.toContain('Broken Slack (renamed)')
  })

  it('fits 390 and 1440 px with long names (screenshots)', async () => {
    for (const width of [390, 1440]) {
      await screenshot(page, 'alerts', width)
      await noHorizontalScroll(page)
      // The app scrolls inside its main column: a picture of the history card itself.
      await page
        .locator('[data-slot="card"]')
        .filter({ hasText: 'Alert History' })
        .screenshot({ path: `${shots}alerts-history-${width}.png` })
    }
    await page.setViewportSize(DESKTOP)
    expect(problems).toEqual([])
  })

  it('renders a real alert email, HTML and text, at 390 and 1440 px (screenshots)', async () => {
    const alertMail = mail.mails().find((each) => each.subject.includes('is now contacted'))
    if (!alertMail) throw new Error('no alert email')
    expect(alertMail.text).toContain(
      `Open in LeadRelay: ${server.url}/inbox?clientId=${LONG_ID}&leadId=lead-alerts-1`,
    )
    expect(alertMail.text).toContain(
      'Open in Yelp Leads Center: https://biz.yelp.com/leads_center/northwestern-biz/leads/lead-alerts-1',
    )
    expect(alertMail.html).toContain(LONG_NAME.replace('&', '&amp;'))
    const reauthMail = mail.mails().find((each) => each.subject.includes('needs to be authorized again'))
    expect(reauthMail?.text).toContain(`Open in LeadRelay: ${server.url}/clients`)
    const viewer = await context.newPage()
    for (const part of ['html', 'text'] as const) {
      await viewer.goto(`${mail.pageUrl}mails/${alertMail.n}/${part}`)
      for (const width of [390, 1440]) {
        await screenshot(viewer, `alert-email-${part}`, width)
        if (part === 'html') await noHorizontalScroll(viewer)
      }
    }
    await viewer.close()
  })
})
