import { ensurePgliteTemplate } from './pglite-template.ts'

/** Vitest global setup: build the embedded-database template once before any test file runs. */
export default async function setup(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) await ensurePgliteTemplate()
}
