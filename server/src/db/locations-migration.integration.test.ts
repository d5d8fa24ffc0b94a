import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config/config.ts'
import { readBackupFile } from '../modules/backups/backup-file.ts'
import { saveSubscriptionCheck } from '../repositories/yelp-subscriptions.repository.ts'
import { startServer } from '../server.ts'
import { ACME, contactOf, startConnectedWorld } from '../testing/connected-world.ts'
import {
  insertRows,
  openDatabaseAt,
  type RawDatabase,
  tableColumns,
} from '../testing/database-at-migration.ts'
import { writeLegacyBackup } from '../testing/legacy-backup.ts'
import { leadWithOpportunity, mapPipeline } from '../testing/pipeline-world.ts'
import { createTestDatabase } from '../testing/test-database.ts'
import { findFreePort } from '../testing/test-server.ts'
import { waitFor } from '../testing/wait-for.ts'
import { openDatabase } from './database.ts'
import { leadDrafts } from './schema.ts'

// Migration 0023 (docs/decisions/0028) on a database made by the hub before it (migration 0022):
// clients whose Yelp and GHL connections, business and subscription state live in their row,
// with leads, messages, an opportunity and a draft. After the upgrade nothing is lost, the
// connections are rows of their own with the sealed values as stored, and the journey runs on it:
// a new Yelp lead reaches GHL, a GHL reply reaches Yelp. On PGlite, and on PostgreSQL when
// TEST_DATABASE_URL names a server.

type Row = Record<string, unknown>
const LEGACY_COLUMNS = [
  'yelp_tokens',
  'ghl_tokens',
  'ghl_location_api_key',
  'ghl_location_id',
  'yelp_subscription_state',
  'yelp_subscription_checked_at',
  'yelp_subscription_error',
  'yelp_resubscribed_at',
]
const cleanups: Array<() => Promise<void> | void> = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lr-migration-0023-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** A row compared by value: timestamps as instants, only the columns named. */
function comparable(row: Row, columns: string[]): string {
  const picked = Object.fromEntries(columns.map((column) => [column, row[column] ?? null]))
  return JSON.stringify(picked, (_key, value) =>
    typeof value === 'string' && /^\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d/.test(value)
      ? new Date(value).toISOString()
      : value,
  )
}

async function rowsOf(db: RawDatabase, table: string): Promise<Row[]> {
  const rows = await db.query(`select row_to_json(t)::text as j from "${table}" t`)
  return rows.map((row) => JSON.parse(String(row.j)) as Row)
}

/** Backup rows by table, in the backup's order (parents first). */
async function backupRows(file: string) {
  const rows = new Map<string, Row[]>()
  const { header } = await readBackupFile(file, (table, row) => {
    rows.set(table, [...(rows.get(table) ?? []), row])
  })
  return { header, rows }
}

/** A hub as main ran it: acme connected to both simulators, a lead with its reply and deal. */
async function hubBeforeTheMove() {
  const world = await startConnectedWorld()
  cleanups.push(() => world.close())
  await mapPipeline(world)
  await leadWithOpportunity(world, 'lead-before')
  const contactId = await contactOf(world.db, 'lead-before')
  if (!contactId) throw new Error('no contact for lead-before')
  await world.ghl.simulateUserReply({ locationId: ACME.location, contactId, message: 'Before the move.' })
  await waitFor('the reply on Yelp', async () =>
    (await world.sims.yelpLead('lead-before')).events.some(
      (e) => e.event_content.text === 'Before the move.',
    ),
  )
  await world.db.insert(leadDrafts).values({
    id: 'draft-before',
    clientId: ACME.clientId,
    leadId: 'lead-before',
    kind: 'ai',
    text: 'Hi Sam',
  })
  await saveSubscriptionCheck(world.db, ACME.clientId, {
    state: 'active',
    error: null,
    checkedAt: new Date('2026-11-27T08:00:00.000Z'),
  })
  // A client with a saved business and GHL location but no sign-in, and one with nothing.
  await world.admin.call('add bravo', 'POST', '/api/clients', { clientId: 'bravo', name: 'Bravo' })
  await world.admin.call('bravo business', 'PUT', '/api/clients/bravo', {
    yelpTokens: { businessId: 'bravo-biz' },
    ghlLocationId: 'LocBravo',
  })
  await world.admin.call('add charlie', 'POST', '/api/clients', { clientId: 'charlie', name: 'Charlie' })
  const backup = await world.admin.post('/api/backup')
  expect(backup.status, backup.text).toBe(200)
  const backupFile = join(tempDir(), 'backup.jsonl.gz')
  copyFileSync((backup.body as { backupFile: string }).backupFile, backupFile)
  return { world, backupFile }
}

describe('migration 0023: locations and connections', () => {
  it('moves every client’s business, tokens and leads with nothing lost, and the journey runs on it', {
    timeout: 300_000,
  }, async () => {
    const { world, backupFile } = await hubBeforeTheMove()
    const appSecret = world.server.server.config.appSecret
    await world.server.close()
    // What main stored: the same rows, each client's connections inside its row.
    const before = await backupRows(await writeLegacyBackup(backupFile, join(tempDir(), 'legacy.jsonl.gz')))
    const moved = await backupRows(backupFile)
    const acmeRow = before.rows.get('clients')?.find((row) => row.client_id === ACME.clientId)
    expect(acmeRow?.yelp_tokens).toMatchObject({ businessId: ACME.business, accessToken: expect.any(String) })
    expect(acmeRow).toMatchObject({
      ghl_location_api_key: expect.any(String),
      yelp_subscription_state: 'active',
    })
    for (const table of ['leads', 'messages', 'ghl_contacts', 'lead_opportunities', 'lead_drafts'])
      expect(before.rows.get(table)?.length, table).toBeGreaterThan(0)

    // A database at 0022 holding them.
    const target = await createTestDatabase()
    cleanups.push(() => target.dispose())
    const old = await openDatabaseAt(target, '0022_lead_source')
    const columnsAt0022 = await tableColumns(old)
    expect(columnsAt0022.has('provider_connections')).toBe(false)
    const loaded = new Map<string, string[]>()
    for (const table of before.header.tables) {
      const present = columnsAt0022.get(table.name)
      if (!present) continue
      const columns = table.columns.filter((column) => present.includes(column))
      loaded.set(table.name, columns)
      await insertRows(old, table.name, columns, before.rows.get(table.name) ?? [])
    }
    await old.close()

    // The upgrade: the hub's first start runs 0023 (and any later migration).
    const upgraded = await openDatabase(target)
    const raw: RawDatabase = {
      query: async (text) => (await upgraded.execute(text)).rows,
      close: async () => {},
    }
    try {
      for (const [table, columns] of loaded) {
        const kept = table === 'clients' ? columns.filter((c) => !LEGACY_COLUMNS.includes(c)) : columns
        const after = (await rowsOf(raw, table)).map((row) => comparable(row, kept)).sort()
        const expected = (before.rows.get(table) ?? []).map((row) => comparable(row, kept)).sort()
        expect(after, `table ${table}`).toEqual(expected)
      }
      // The client rows keep no connection; the new tables hold them as the hub wrote them.
      for (const client of await rowsOf(raw, 'clients'))
        for (const column of LEGACY_COLUMNS) expect(client[column], column).toBeNull()
      const ROW_OWN = ['id', 'connection_id', 'created_at', 'updated_at']
      for (const table of ['provider_connections', 'locations']) {
        const columns = (moved.header.tables.find((t) => t.name === table)?.columns ?? []).filter(
          (column) => !ROW_OWN.includes(column),
        )
        const after = (await rowsOf(raw, table)).map((row) => comparable(row, columns)).sort()
        const expected = (moved.rows.get(table) ?? []).map((row) => comparable(row, columns)).sort()
        expect(after, table).toEqual(expected)
        expect(after.length, table).toBeGreaterThan(0)
      }
      // Each location is served by its client's Yelp connection.
      const served = await raw.query(
        `select count(*)::int as n from locations l join provider_connections c
           on c.id = l.connection_id and c.client_id = l.client_id and c.provider = 'yelp'`,
      )
      expect(served[0]?.n).toBe((moved.rows.get('locations') ?? []).length)
    } finally {
      await upgraded.close()
    }

    // The journey on the upgraded database.
    const port = await findFreePort()
    const server = await startServer(
      loadConfig({
        ...world.yelp.env(),
        ...world.ghl.env(),
        PORT: String(port),
        HOST: '127.0.0.1',
        BASE_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: target.dataDir,
        APP_SECRET: appSecret,
        ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
      }),
      { logger: false },
    )
    try {
      world.yelp.setWebhookUrl(`${server.url}/yelp/webhook`)
      world.ghl.setReplyUrl(`${server.url}/reply`)
      world.ghl.setAppWebhookUrl(`${server.url}/ghl/webhook`)
      world.sims.hubUrl = server.url
      const eventId = world.sims.newLead('lead-after')
      await waitFor(
        'lead-after in GHL',
        async () => (await world.sims.ghlMessagesFor([eventId])).length === 1,
        60_000,
      )
      const contactId = await contactOf(server.database.db, 'lead-after')
      if (!contactId) throw new Error('no contact for lead-after')
      await world.ghl.simulateUserReply({ locationId: ACME.location, contactId, message: 'After the move.' })
      await waitFor(
        'the reply after the move on Yelp',
        async () =>
          (await world.sims.yelpLead('lead-after')).events.some(
            (e) => e.user_type === 'BIZ' && e.event_content.text === 'After the move.',
          ),
        60_000,
      )
      // The lead from before the move still syncs, onto its own contact.
      const later = world.sims.consumerMessage('lead-before', 'Still there?')
      await waitFor(
        'the older lead’s message in GHL',
        async () => {
          const [message] = await world.sims.ghlMessagesFor([later])
          return message?.contactId === (await contactOf(server.database.db, 'lead-before'))
        },
        60_000,
      )
    } finally {
      await server.stop()
    }
  })
})
