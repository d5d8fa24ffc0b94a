import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

// Unit and integration tests of every folder. Browser flows live in e2e/ with their own config.
export default defineConfig({
  resolve: { alias: { '@common': here('./common'), '@': here('./web/src') } },
  test: {
    include: ['{server,common,sim,web,scripts}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'web/dist/**'],
    environment: 'node',
    globalSetup: ['./server/src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores: PGlite initdb and argon2 are CPU-bound, so more workers only thrash.
    maxWorkers: 2,
  },
})
