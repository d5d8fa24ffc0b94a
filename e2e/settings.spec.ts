import { existsSync, mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Setting } from '../common/settings.ts'
import { SessionClient } from '../server/src/testing/session-client.ts'
import { startTestServer } from '../server/src/testing/test-server.ts'
import { launchBrowser } from './support/browser.ts'

// The Settings screen (docs/spec/dashboard-spec.md §2.13) — four cards, the §5 messages, Save Settings sending
// one call per changed field, Create Backup Now with its §8 toasts, and the recent backups list.
const screenshotDir = fileURLToPath(new URL('../test-results/', import.meta.url))

let server: Awaited<ReturnType<typeof startTestServer>>
let browser: Browser
const problems: string[] = []

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true })
  ;[server, browser] = await Promise.all([startTestServer({ unpinnedStartSettings: true }), launchBrowser()])
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

async function openSettings(width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, baseURL: server.url })
  const page = await context.newPage()
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  await page.goto('/settings')
  await page.getByPlaceholder('Enter username').fill(server.adminUsername)
  await page.getByPlaceholder('Enter password').fill(server.adminPassword)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.getByRole('region', { name: 'API Configuration' }).waitFor()
  return page
}

async function toast(page: Page, title: string): Promise<string> {
  const toastEl = page.locator('[data-slot="toast"]', {
    has: page.locator('[data-slot="toast-title"]', { hasText: title }),
  })
  await toastEl.first().waitFor()
  return (await toastEl.first().textContent()) ?? ''
}

async function serverSettings(): Promise<Record<string, Setting>> {
  const client = new SessionClient(server.url)
  await client.login(server.adminUsername, server.adminPassword)
  return Object.fromEntries(((await client.get('/api/settings')).body as Setting[]).map((s) => [s.key, s]))
}

describe('Settings screen', () => {
  it('shows four cards, refuses bad values with the spec messages and saves only what changed', async () => {
    const page = await openSettings(1440, 1000)
    for (const card of ['API Configuration', 'Security', 'Logging', 'Backup']) {
      await page.getByRole('region', { name: card }).waitFor()
    }
    expect(await page.getByLabel('Session Timeout (minutes)').inputValue()).toBe('30')
    expect(await page.getByLabel('Backup Location').inputValue()).toBe('./backups')
    expect(await page.getByText('Applies at next start.').count()).toBe(2)

    const puts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'PUT') puts.push(new URL(request.url()).pathname)
    })
    await page.getByLabel('Session Timeout (minutes)').fill('')
    await page.getByLabel('Base URL').fill('not a url')
    await page.getByLabel('Webhook Secret').fill('short')
    await page.getByRole('button', { name: 'Save Settings' }).click()
    await page.getByText('Session timeout is required').waitFor()
    await page.getByText('Must be a valid URL').waitFor()
    await page.getByText('Webhook secret must be at least 8 characters').waitFor()
    expect(puts).toEqual([])
    await page.screenshot({ path: `${screenshotDir}settings-validation-1440.png`, fullPage: true })

    await page.getByLabel('Session Timeout (minutes)').fill('45')
    await page.getByLabel('Base URL').fill(server.server.config.baseUrl)
    await page.getByLabel('Webhook Secret').fill('a-long-webhook-secret')
    await page.getByRole('switch', { name: 'Enable File Logging' }).click()
    await page.getByRole('button', { name: 'Save Settings' }).click()
    expect(await toast(page, 'Settings saved')).toContain('Your settings have been updated successfully')
    expect(puts.sort()).toEqual([
      '/api/settings/fileLogging',
      '/api/settings/sessionTimeout',
      '/api/settings/webhookSecret',
    ])
    const saved = await serverSettings()
    expect(saved.sessionTimeout?.value).toBe(45)
    expect(saved.fileLogging?.value).toBe(false)
    expect(saved.webhookSecret?.configured).toBe(true)
    // The refreshed form: the secret field blank again, saying one is set.
    await page.getByPlaceholder('Set (leave blank to keep)').waitFor()
    expect(await page.getByLabel('Session Timeout (minutes)').inputValue()).toBe('45')

    await page.getByLabel('Admin Username').fill('ab')
    await page.getByRole('button', { name: 'Save Settings' }).click()
    await page.getByText('Username must be at least 3 characters').waitFor()
    // A server refusal shows the 'Save failed' toast with its message.
    const api = new SessionClient(server.url)
    await api.login(server.adminUsername, server.adminPassword)
    expect(
      (await api.post('/api/users', { username: 'taken-user', password: 'secret-pass', role: 'viewer' }))
        .status,
    ).toBe(201)
    await page.getByLabel('Admin Username').fill('taken-user')
    await page.getByRole('button', { name: 'Save Settings' }).click()
    expect(await toast(page, 'Save failed')).toContain(
      'adminUsername: the username taken-user is already taken',
    )
    await page.getByLabel('Admin Username').fill(server.adminUsername)
    await page.getByLabel('Server Port').fill('6000')
    await page.getByRole('button', { name: 'Save Settings' }).click()
    await toast(page, 'Settings saved')
    await page.getByText(/Applies at next start \(running now: \d+\)\./).waitFor()
    await page.context().close()
  })

  it('creates a backup, toasts where it went and lists it with its size', async () => {
    const page = await openSettings(1440, 1000)
    await page.getByText('No backups yet.').waitFor()
    await page.getByRole('button', { name: 'Create Backup Now' }).click()
    const text = await toast(page, 'Backup created')
    const file = /Backup saved to (\/\S+\.jsonl\.gz)/.exec(text)?.[1]
    expect(file, text).toBeTruthy()
    expect(existsSync(file as string)).toBe(true)
    const list = page.getByRole('list', { name: 'Recent backups' })
    await list.getByRole('listitem').first().waitFor()
    expect(await list.getByRole('listitem').first().textContent()).toMatch(/\d+(\.\d)? (B|KB|MB)/)
    await page.screenshot({ path: `${screenshotDir}settings-1440.png`, fullPage: true })
    await page.context().close()
  })

  it('works at 390px', async () => {
    const page = await openSettings(390, 844)
    await page.screenshot({ path: `${screenshotDir}settings-390-top.png` })
    await page.getByRole('region', { name: 'Backup' }).scrollIntoViewIfNeeded()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await page.screenshot({ path: `${screenshotDir}settings-390.png`, fullPage: true })
    await page.context().close()
    expect(problems).toEqual([])
  })
})
