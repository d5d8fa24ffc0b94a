import type { Browser, BrowserContext, Page } from 'playwright-core'

/** The two sizes every screen is checked at (the guide's 390 px phone and 1440 px desktop). */
export const DESKTOP = { width: 1440, height: 900 }
export const PHONE = { width: 390, height: 844 }

/** A touch phone at 390 px wide, as the phone screenshots and layout checks use. */
export function newPhoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ viewport: PHONE, baseURL, hasTouch: true, isMobile: true })
}

export interface AdminCredentials {
  adminUsername: string
  adminPassword: string
}

/**
 * Opens `path`, signs in through the login form as the server's admin, and waits until the app
 * shell has replaced the form: the header's title is the first thing every signed-in route draws.
 */
export async function signInAsAdmin(page: Page, server: AdminCredentials, path = '/'): Promise<void> {
  await page.goto(path)
  await page.getByPlaceholder('Enter username').fill(server.adminUsername)
  await page.getByPlaceholder('Enter password').fill(server.adminPassword)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.getByRole('heading', { name: 'Admin Login' }).waitFor({ state: 'detached' })
  await page.locator('header h1').waitFor()
}
