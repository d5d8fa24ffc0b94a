import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config/config.ts'
import { type Database, openDatabase } from '../../db/database.ts'
import { listAppTables } from '../../repositories/backups.repository.ts'
import { startServer } from '../../server.ts'
import { ACME, connectAcme, SimDriver } from '../../testing/connected-world.ts'
import { writeLegacyBackup } from '../../testing/legacy-backup.ts'
import { runRestore as runScript } from '../../testing/restore-script.ts'
import { SessionClient } from '../../testing/session-client.ts'
import { findFreePort, TEST_ADMIN } from '../../testing/test-server.ts'
import { waitFor } from '../../testing/wait-for.ts'
import { startWithSimulators } from '../../testing/with-simulators.ts'

// Backup → `npm run restore` → every table identical, and the restored hub signs in and
// forwards a webhook (PGlite → PGlite always; PGlite → PostgreSQL and PostgreSQL → PostgreSQL
// when TEST_DATABASE_URL names a PostgreSQL server).
const APP_SECRET = 'restore-test-app-secret-0123456789abcdef'
const PG_ADMIN = process.env.TEST_DATABASE_URL
const cleanups: Array<() => Promise<void> | void> = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lr-restore-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

async function freshPostgres(): Promise<string> {
  if (!PG_ADMIN) throw new Error('TEST_DATABASE_URL is not set')
  const name = `lr_restore_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  const admin = new pg.Client({ connectionString: PG_ADMIN })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: PG_ADMIN })
    await c.connect()
    await c.query(`drop database if exists ${name} with (force)`)
    await c.end()
  })
  const url = new URL(PG_ADMIN)
  url.pathname = `/${name}`
  return url.toString()
}

interface Target {
  dataDir: string
  databaseUrl?: string
}

function runRestore(target: Target, args: string[]) {
  return runScript(target, args, APP_SECRET)
}

/**
 * Every application table's rows as a backup holds them (derived columns, such as the logs'
 * search text the log-index job fills again, left out), order-free, timestamps compared as instants.
 */
async function tableContents(database: Database): Promise<Record<string, string[]>> {
  const contents: Record<string, string[]> = {}
  for (const table of await listAppTables(database.db)) {
    const columns = table.columns.map((column) => `"${column}"`).join(', ')
    const { rows } = await database.execute(
      `select row_to_json(t)::text as j from (select ${columns} from "${table.name}") t`,
    )
    contents[table.name] = rows
      .map((row) =>
        JSON.stringify(JSON.parse(String(row.j)), (_key, value) =>
          typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/.test(value)
            ? new Date(value).toISOString()
            : value,
        ),
      )
      .sort()
  }
  return contents
}

/** Rows without what a move gives anew (ids, the row's own times), to compare moved rows by content. */
function withoutRowIds(rows: string[] | undefined): Array<Record<string, unknown>> {
  return (rows ?? []).map((row) => {
    const {
      id: _id,
      connection_id: _connection,
      created_at: _created,
      updated_at: _updated,
      ...rest
    } = JSON.parse(row) as Record<string, unknown>
    return rest
  })
}

async function withDatabase<T>(target: Target, run: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(target)
  try {
    return await run(database)
  } finally {
    await database.close()
  }
}

/** A hub connected to both simulators with one lead forwarded; its backup and table contents. */
async function backedUpSource(kind: 'pglite' | 'postgres') {
  const world = await startWithSimulators({
    env: { APP_SECRET, ...(kind === 'pglite' ? { DATABASE_URL: '' } : {}) },
  })
  let closed = false
  const closeHub = async () => {
    if (!closed) await world.server.close()
    closed = true
  }
  cleanups.push(async () => {
    await closeHub()
    await world.yelp.close()
    await world.ghl.close()
  })
  expect(world.server.server.database.kind).toBe(kind)
  await connectAcme(world.admin, { yelp: world.yelp, ghlApiKey: world.ghlSample.apiKey.token })
  const sims = new SimDriver(world.yelp, world.ghl, world.server.url)
  const eventId = sims.newLead('lead-before-backup')
  await sims.postWebhook([{ leadId: 'lead-before-backup', eventId }])
  await waitFor(
    'the lead forwarded to GHL',
    async () => (await sims.ghlMessagesFor([eventId])).length === 1,
    60_000,
  )
  const backup = await world.admin.post('/api/backup')
  expect(backup.status, backup.text).toBe(200)
  const written = (backup.body as { backupFile: string }).backupFile
  // The test hub's data folder goes when it stops; keep the backup.
  const backupFile = join(tempDir(), 'backup.jsonl.gz')
  copyFileSync(written, backupFile)
  const contents = await tableContents(world.server.server.database)
  expect(contents.leads?.length).toBe(1)
  // Tokens stay sealed: the backup holds the stored (encrypted) values, never clear ones.
  expect(contents.provider_connections?.join('\n')).toMatch(/"access_token":"v1\./)
  expect(contents.locations?.length).toBe(1)
  await closeHub()
  return { world, sims, backupFile, contents }
}

/** The restored hub signs in and forwards a new lead to GHL. */
async function restoredHubForwards(target: Target, source: Awaited<ReturnType<typeof backedUpSource>>) {
  const port = await findFreePort()
  const server = await startServer(
    loadConfig({
      ...source.world.yelp.env(),
      ...source.world.ghl.env(),
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: target.dataDir,
      APP_SECRET,
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    }),
    { logger: false },
  )
  try {
    source.world.yelp.setWebhookUrl(`${server.url}/yelp/webhook`)
    source.world.ghl.setReplyUrl(`${server.url}/reply`)
    const admin = new SessionClient(server.url)
    await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)
    const clients = (await admin.get('/api/clients')).body as Array<{
      clientId: string
      ghl: { connected: boolean }
    }>
    expect(clients.map((c) => [c.clientId, c.ghl.connected])).toEqual([[ACME.clientId, true]])
    source.sims.hubUrl = server.url
    const leadId = `lead-after-restore-${port}`
    const eventId = source.sims.newLead(leadId)
    await source.sims.postWebhook([{ leadId, eventId }])
    await waitFor(
      'the restored hub to forward',
      async () => (await source.sims.ghlMessagesFor([eventId])).length === 1,
      60_000,
    )
  } finally {
    await server.stop()
  }
}

describe('backup and restore round trip', () => {
  it('PGlite → PGlite: identical tables, refusals change nothing, the restored hub works', {
    timeout: 300_000,
  }, async () => {
    const source = await backedUpSource('pglite')
    const target = { dataDir: tempDir() }

    // Broken and truncated files are refused before anything is written.
    const bytes = readFileSync(source.backupFile)
    const truncated = join(tempDir(), 'truncated.jsonl.gz')
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)))
    const cut = await runRestore(target, [truncated])
    expect(cut.code, cut.output).toBe(1)
    expect(cut.output).toMatch(/Restore refused: .*truncated/)
    const garbage = join(tempDir(), 'garbage.jsonl.gz')
    writeFileSync(garbage, 'this is not a backup')
    const bad = await runRestore(target, [garbage])
    expect(bad.code, bad.output).toBe(1)
    expect(bad.output).toMatch(/Restore refused: .*not a gzip file/)
    expect((await runRestore(target, [])).code).toBe(2)
    expect((await runRestore(target, [source.backupFile, '--frobnicate'])).code).toBe(2)
    await withDatabase(target, async (database) => {
      const contents = await tableContents(database)
      expect(Object.values(contents).every((rows) => rows.length === 0)).toBe(true)
    })

    const restored = await runRestore(target, [source.backupFile])
    expect(restored.code, restored.output).toBe(0)
    expect(restored.output).toContain('Restored')
    await withDatabase(target, async (database) =>
      expect(await tableContents(database)).toEqual(source.contents),
    )

    // Now it holds data: refused without --force, replaced with it.
    const again = await runRestore(target, [source.backupFile])
    expect(again.code, again.output).toBe(1)
    expect(again.output).toContain('already holds data')
    const forced = await runRestore(target, [source.backupFile, '--force'])
    expect(forced.code, forced.output).toBe(0)
    await withDatabase(target, async (database) =>
      expect(await tableContents(database)).toEqual(source.contents),
    )

    await restoredHubForwards(target, source)

    // A backup made before migration 0023 (connections inside the client row) restores with them
    // moved to their own tables, sealed values as stored, and the restored hub forwards.
    const legacyFile = await writeLegacyBackup(source.backupFile, join(tempDir(), 'legacy.jsonl.gz'))
    const legacyTarget = { dataDir: tempDir() }
    const fromLegacy = await runRestore(legacyTarget, [legacyFile])
    expect(fromLegacy.code, fromLegacy.output).toBe(0)
    await withDatabase(legacyTarget, async (database) => {
      const contents = await tableContents(database)
      expect(contents.clients).toEqual(source.contents.clients)
      for (const table of ['provider_connections', 'locations'])
        expect(withoutRowIds(contents[table]), table).toEqual(withoutRowIds(source.contents[table]))
    })
    await restoredHubForwards(legacyTarget, source)

    if (PG_ADMIN) {
      // PGlite → PostgreSQL: how a user outgrows the embedded database.
      const pgTarget = { dataDir: tempDir(), databaseUrl: await freshPostgres() }
      const toPg = await runRestore(pgTarget, [source.backupFile])
      expect(toPg.code, toPg.output).toBe(0)
      await withDatabase(pgTarget, async (database) =>
        expect(await tableContents(database)).toEqual(source.contents),
      )
      await restoredHubForwards(pgTarget, source)
    }
  })

  it.skipIf(!PG_ADMIN)('PostgreSQL → PostgreSQL', { timeout: 300_000 }, async () => {
    const source = await backedUpSource('postgres')
    const target = { dataDir: tempDir(), databaseUrl: await freshPostgres() }
    const restored = await runRestore(target, [source.backupFile])
    expect(restored.code, restored.output).toBe(0)
    await withDatabase(target, async (database) =>
      expect(await tableContents(database)).toEqual(source.contents),
    )
    await restoredHubForwards(target, source)
  })
})
