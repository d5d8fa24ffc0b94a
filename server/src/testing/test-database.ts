import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'

export interface TestDatabase {
  /** Set on PostgreSQL runs: a database made for this one test server. */
  databaseUrl?: string
  dataDir: string
  dispose(): Promise<void>
}

/**
 * Where one test server keeps its data. By default a fresh temporary folder (embedded
 * PGlite), whose first open copies the migrated template as a first start does
 * (db/pglite-template.ts; global-setup.ts builds it once). With TEST_DATABASE_URL set, also a brand-new PostgreSQL database on that server,
 * dropped afterwards, so test files never see each other's rows.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'leadrelay-test-'))
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true })
  // Tests are the one place besides config.ts that reads the environment: they choose the database.
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) {
    return { dataDir, dispose: async () => removeDir() }
  }

  const name = `lr_t_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`))
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    dataDir,
    databaseUrl: url.toString(),
    dispose: async () => {
      await withAdmin(adminUrl, async (client) => {
        // pg-pool's end() resolves before its clients have finished closing; terminating one
        // mid-close (FORCE) makes it emit an unhandled error. Give them a moment to go first.
        for (let i = 0; i < 40; i++) {
          const { rows } = await client.query(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          )
          if (rows[0]?.n === 0) break
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      })
      removeDir()
    },
  }
}

async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}
