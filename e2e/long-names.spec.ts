import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SessionClient } from '../server/src/testing/session-client.ts'
import { startTestServer } from '../server/src/testing/test-server.ts'
import { NAV_ITEMS } from '../web/src/app/navigation.ts'
import { launchBrowser } from './support/browser.ts'
import { signInAsAdmin } from './support/sign-in.ts'

const screenshotDir = fileURLToPath(new URL('../test-results/long-names/', import.meta.url))

// Real agencies name clients after the business, and some names are long: 80 characters each.
const LONG_CLIENT_NAME = 'Bay Area Premium Roofing, Gutters & Solar Panel Installation Specialists of SF CA'
const LONG_CLIENT_ID = 'bay-area-premium-roofing-gutters-and-solar-panel-installers-sf'
const LONG_USER = {
  username: 'maximiliana.featherstonehaugh-wolfeschlegelsteinhausen-agency-ops',
  firstName: 'Maximiliana Alexandria Konstantinopoulou-Featherstonehaugh-Wolfeschlegelstein',
  lastName: 'Featherstonehaugh-Wolfeschlegelsteinhausenbergerdorff-Montgomery-Worthington',
  email: 'maximiliana.featherstonehaugh-wolfeschlegelstein@premium-roofing-agency.example',
  password: 'long-names-password',
  role: 'manager',
}

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const

let server: Awaited<ReturnType<typeof startTestServer>>
let browser: Browser

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true })
  ;[server, browser] = await Promise.all([startTestServer(), launchBrowser()])
  const admin = new SessionClient(server.url)
  await admin.login(server.adminUsername, server.adminPassword)
  const client = await admin.post('/api/clients', {
    clientId: LONG_CLIENT_ID,
    name: LONG_CLIENT_NAME,
    email: 'office.manager.of.the.long-named-roofing-company@bay-area-premium-roofing.example',
  })
  expect(client.status, client.text).toBe(201)
  const user = await admin.post('/api/users', LONG_USER)
  expect(user.status, user.text).toBe(201)
  const userId = (user.body as { id: number }).id
  const assigned = await admin.post(`/api/users/${userId}/clients/${LONG_CLIENT_ID}`, { permissions: {} })
  expect(assigned.status, assigned.text).toBe(200)
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

/** How far the page scrolls sideways, and whether the header's title is cut off. */
function measure(page: Page) {
  return page.evaluate(() => {
    // The page scrolls inside <main> (overflow-y: auto), so sideways overflow shows up there,
    // not on the document.
    const scrollers = [document.documentElement, document.querySelector('main')].filter(
      (element): element is HTMLElement => element !== null,
    )
    const title = document.querySelector('header h1') as HTMLElement | null
    return {
      overflow: Math.max(...scrollers.map((element) => element.scrollWidth - element.clientWidth)),
      titleCut: title ? title.scrollWidth > title.clientWidth + 1 : true,
    }
  })
}

describe.each(VIEWPORTS)('every screen at $width px with 80-character names', (viewport) => {
  let page: Page

  beforeAll(async () => {
    const context = await browser.newContext({ viewport, baseURL: server.url })
    page = await context.newPage()
    await signInAsAdmin(page, server)
  })
  afterAll(async () => {
    await page?.context().close()
  })

  it.each(NAV_ITEMS.map((item) => [item.href, item.title] as const))(
    '%s does not scroll sideways and shows its whole title',
    async (href, title) => {
      await page.goto(href)
      await page.waitForFunction(
        (expected) => document.querySelector('header h1')?.textContent === expected,
        title,
      )
      // Let the screen's queries settle, so the long names are on the page when measured.
      await page.waitForLoadState('networkidle')
      if (href === '/clients' || href === '/users')
        await page
          .getByText(/Bay Area Premium Roofing/)
          .filter({ visible: true })
          .first()
          .waitFor()
      const { overflow, titleCut } = await measure(page)
      await page.screenshot({
        path: `${screenshotDir}${viewport.name}${href === '/' ? '-dashboard' : href.replace(/\//g, '-')}.png`,
        fullPage: true,
      })
      expect(overflow, `${href} scrolls ${overflow}px sideways at ${viewport.width}px`).toBeLessThanOrEqual(0)
      expect(titleCut, `${href}: the header title is cut off`).toBe(false)
    },
  )
})
