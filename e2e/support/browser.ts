import { type Browser, chromium } from 'playwright-core'

// Debian's chromium wrapper (it prints a harmless shell error from /etc/chromium.d/dev-shm);
// these flags keep it quiet and offline.
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}
