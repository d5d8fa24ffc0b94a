import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer } from '../server/src/testing/test-server.ts'
import { launchBrowser } from './support/browser.ts'

const screenshotDir = fileURLToPath(new URL('../test-results/', import.meta.url))

// docs/spec/dashboard-spec.md §2.1: the 8 navigation items in order, with the header title of each screen,
// and Alerts (docs/spec/product.md §9.3) before Settings.
const SCREENS = [
  {
    nav: 'Dashboard',
    path: '/',
    title: 'Dashboard',
    subtitle: 'Overview of your Yelp-GoHighLevel integration',
  },
  {
    nav: 'Clients',
    path: '/clients',
    title: 'Client Management',
    subtitle: 'Manage client integrations and onboarding',
  },
  {
    nav: 'Users',
    path: '/users',
    title: 'User Management',
    subtitle: 'Manage users, roles and client assignments',
  },
  {
    nav: 'Permissions',
    path: '/permissions',
    title: 'Role & Permissions Management',
    subtitle: 'Configure what each role can do',
  },
  { nav: 'Lead Inbox', path: '/inbox', title: 'Lead Inbox', subtitle: 'Work Yelp leads and conversations' },
  {
    nav: 'Message Logs',
    path: '/messages',
    title: 'Message Logs',
    subtitle: 'Messages forwarded between Yelp and GoHighLevel',
  },
  {
    nav: 'Webhooks',
    path: '/webhooks',
    title: 'API & Webhook Logs',
    subtitle: 'Incoming webhooks and provider API calls',
  },
  // Beyond the spec's 8 (docs/spec/product.md §9.3): alert channels and their history.
  {
    nav: 'Alerts',
    path: '/alerts',
    title: 'Alerts',
    subtitle: 'Notification channels and the alerts they were sent',
  },
  { nav: 'Settings', path: '/settings', title: 'Settings', subtitle: 'System configuration' },
] as const

let server: Awaited<ReturnType<typeof startTestServer>>
let browser: Browser

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true })
  ;[server, browser] = await Promise.all([startTestServer(), launchBrowser()])
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

async function newPage(
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL: server.url })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  // Content-Security-Policy violations (inline script or style blocks) surface as console errors.
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      problems.push(message.text())
  })
  pagesProblems.set(page, problems)
  return { context, page }
}
const pagesProblems = new Map<Page, string[]>()

async function headerTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction(
    (expected) => document.querySelector('header h1')?.textContent === expected,
    title,
  )
}

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByPlaceholder('Enter username').fill(username)
  await page.getByPlaceholder('Enter password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

function pathOf(page: Page): string {
  return new URL(page.url()).pathname
}

describe('app shell on desktop', () => {
  let page: Page
  let context: BrowserContext

  beforeAll(async () => {
    ;({ page, context } = await newPage())
  })
  afterAll(async () => {
    await context?.close()
  })

  it('shows the login screen to a visitor, keeping the address', async () => {
    await page.goto('/messages')
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor()
    expect(await page.getByText('Enter your credentials to access the admin dashboard').isVisible()).toBe(
      true,
    )
    expect(await page.getByPlaceholder('Enter username').isVisible()).toBe(true)
    expect(await page.getByPlaceholder('Enter password').getAttribute('type')).toBe('password')
    expect(pathOf(page)).toBe('/messages')
    await page.screenshot({ path: `${screenshotDir}login.png` })
  })

  it("answers a wrong password with the 'Login failed' toast", async () => {
    await signIn(page, server.adminUsername, 'definitely-not-the-password')
    const toast = page.locator('[data-slot="toast"]')
    await toast.getByText('Login failed').waitFor()
    expect(await toast.getByText('Invalid credentials').isVisible()).toBe(true)
    expect(await page.getByRole('heading', { name: 'Admin Login' }).isVisible()).toBe(true)
    await page.waitForTimeout(300) // let the toast finish sliding in for the screenshot
    await page.screenshot({ path: `${screenshotDir}login-failed.png` })
  })

  it('signs in to the shell at the address first asked for', async () => {
    await signIn(page, server.adminUsername, server.adminPassword)
    await headerTitle(page, 'Message Logs')
    expect(pathOf(page)).toBe('/messages')
    const header = page.locator('header')
    // The indicator reflects GET /api/health; this hub has no provider credentials (product §5).
    await header.getByText('Not configured', { exact: true }).waitFor()
    expect(await header.getByText(server.adminUsername, { exact: true }).isVisible()).toBe(true)
    await page.locator('[data-slot="toast"]').getByText('Login successful').waitFor()
  })

  it('visits all 9 screens through the sidebar, in order', async () => {
    const nav = page.getByRole('navigation', { name: 'Main' })
    expect(await nav.getByRole('link').allTextContents()).toEqual(SCREENS.map((s) => s.nav))
    for (const screen of SCREENS) {
      await nav.getByRole('link', { name: screen.nav, exact: true }).click()
      await headerTitle(page, screen.title)
      expect(pathOf(page)).toBe(screen.path)
      expect(await page.locator('header').getByText(screen.subtitle).isVisible()).toBe(true)
      expect(
        await nav.getByRole('link', { name: screen.nav, exact: true }).getAttribute('aria-current'),
      ).toBe('page')
    }
    await nav.getByRole('link', { name: 'Dashboard', exact: true }).click()
    await headerTitle(page, 'Dashboard')
    await page.getByText('Quick Actions').waitFor()
    await page.getByTestId('stat-active-clients-value').waitFor()
    await page.screenshot({ path: `${screenshotDir}dashboard-desktop.png` })
  })

  it("shows 'Page Not Found' for an unknown path, with a way back", async () => {
    await page.goto('/no/such/screen')
    await headerTitle(page, 'Page Not Found')
    const back = page.getByRole('link', { name: 'Back to Dashboard' })
    await back.waitFor()
    await page.screenshot({ path: `${screenshotDir}not-found.png` })
    await back.click()
    await headerTitle(page, 'Dashboard')
    expect(pathOf(page)).toBe('/')
  })

  it('signs out to the login screen, and the session is gone', async () => {
    await page.getByRole('button', { name: 'Logout' }).click()
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor()
    await page.reload()
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor()
    expect(await page.locator('header').count()).toBe(0)
    expect(pagesProblems.get(page)).toEqual([])
  })
})

describe('app shell on a phone (390x844)', () => {
  it('hides the sidebar; the menu sheet lists the 9 screens and closes on navigation', async () => {
    const { page, context } = await newPage({ width: 390, height: 844 })
    try {
      await page.goto('/')
      await signIn(page, server.adminUsername, server.adminPassword)
      await headerTitle(page, 'Dashboard')
      const nav = page.getByRole('navigation', { name: 'Main' })
      expect(await nav.count()).toBe(0)

      await page.getByRole('button', { name: 'Open menu' }).click()
      const sheet = page.getByRole('dialog')
      await sheet.waitFor()
      expect(await sheet.getByRole('link').allTextContents()).toEqual(SCREENS.map((s) => s.nav))
      expect(await sheet.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true)
      await page.waitForTimeout(300) // let the slide-in finish for the screenshot
      await page.screenshot({ path: `${screenshotDir}mobile-menu.png` })

      await sheet.getByRole('link', { name: 'Clients', exact: true }).click()
      await sheet.waitFor({ state: 'detached' })
      await headerTitle(page, 'Client Management')
      expect(pathOf(page)).toBe('/clients')
      await page.screenshot({ path: `${screenshotDir}mobile-clients.png` })
      expect(pagesProblems.get(page)).toEqual([])
    } finally {
      await context.close()
    }
  })
})

describe('public onboarding page', () => {
  it('renders without sign-in and without the shell', async () => {
    const { page, context } = await newPage()
    try {
      await page.goto('/onboard/acme-plumbing')
      await page.getByRole('heading', { name: 'Client onboarding' }).waitFor()
      expect(await page.getByText('acme-plumbing').isVisible()).toBe(true)
      expect(await page.getByRole('heading', { name: 'Admin Login' }).count()).toBe(0)
      expect(await page.locator('header').count()).toBe(0)
      await page.screenshot({ path: `${screenshotDir}onboard.png` })
      expect(pagesProblems.get(page)).toEqual([])
    } finally {
      await context.close()
    }
  })
})
