import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

// Browser flows against the real server and the built client (Debian Chromium via playwright-core).
export default defineConfig({
  root: here('..'),
  resolve: { alias: { '@common': here('../common'), '@': here('../web/src') } },
  test: {
    include: ['e2e/**/*.spec.ts'],
    environment: 'node',
    globalSetup: [here('./support/build-web.ts'), here('../server/src/testing/global-setup.ts')],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
})
