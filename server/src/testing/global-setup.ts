import { ensurePgliteTemplate } from '../db/pglite-template.ts'

/**
 * Vitest global setup: make sure the embedded-database template exists before any test file runs,
 * so test servers starting in parallel copy it instead of each building it.
 */
export default async function setup(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) ensurePgliteTemplate()
}
