import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { buildPgliteCluster, PGLITE_OPTIONS } from '../db/pglite-settings.ts'
import { MIGRATIONS_FOLDER } from '../db/schema-sources.ts'
import type { TestDatabase } from './test-database.ts'

// A database as an older hub left it: the migrations up to a tag and no further, then rows written
// straight into its tables (as that hub stored them). Opening it with openDatabase afterwards runs
// the later migrations, as the upgraded hub's first start does.

type Row = Record<string, unknown>

/** Raw SQL on the database while no hub has it open. */
export interface RawDatabase {
  query(text: string, values?: unknown[]): Promise<Row[]>
  close(): Promise<void>
}

/** A copy of the migrations folder whose journal stops at `lastTag` (inclusive). */
function migrationsUpTo(lastTag: string): { folder: string; dispose(): void } {
  const root = mkdtempSync(join(tmpdir(), 'lr-migrations-'))
  const folder = join(root, 'drizzle')
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true })
  const journalPath = join(folder, 'meta/_journal.json')
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> }
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag)
  if (last < 0) throw new Error(`no migration ${lastTag}`)
  journal.entries = journal.entries.slice(0, last + 1)
  writeFileSync(journalPath, JSON.stringify(journal, null, 2))
  return { folder, dispose: () => rmSync(root, { recursive: true, force: true }) }
}

/** Brings the (empty) test database to migration `lastTag` and opens it for raw SQL. */
export async function openDatabaseAt(target: TestDatabase, lastTag: string): Promise<RawDatabase> {
  const migrations = migrationsUpTo(lastTag)
  try {
    if (target.databaseUrl) {
      const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 2 })
      await migrate(drizzle(pool), { migrationsFolder: migrations.folder })
      return {
        query: async (text, values) => (await pool.query(text, values)).rows as Row[],
        close: () => pool.end(),
      }
    }
    const clusterDir = join(target.dataDir, 'db')
    buildPgliteCluster(clusterDir, migrations.folder)
    const pglite = new PGlite(clusterDir, { ...PGLITE_OPTIONS, extensions: { pg_trgm } })
    await pglite.waitReady
    return {
      query: async (text, values) => (await pglite.query<Row>(text, values)).rows,
      close: () => pglite.close(),
    }
  } finally {
    migrations.dispose()
  }
}

/** The writable columns of each table of the public schema (generated ones left out). */
export async function tableColumns(db: RawDatabase): Promise<Map<string, string[]>> {
  const rows = await db.query(
    `select table_name, column_name from information_schema.columns
     where table_schema = 'public' and is_generated = 'NEVER'
       and table_name in (select table_name from information_schema.tables
                          where table_schema = 'public' and table_type = 'BASE TABLE')
     order by table_name, ordinal_position`,
  )
  const tables = new Map<string, string[]>()
  for (const row of rows) {
    const name = String(row.table_name)
    tables.set(name, [...(tables.get(name) ?? []), String(row.column_name)])
  }
  return tables
}

/**
 * Writes `rows` into `table` (only the columns it has), then moves its serial sequences past them,
 * as a restore does.
 */
export async function insertRows(db: RawDatabase, table: string, columns: string[], rows: Row[]) {
  if (rows.length === 0) return
  const list = columns.map((column) => `"${column}"`).join(', ')
  await db.query(
    `insert into "${table}" (${list}) select ${list} from json_populate_recordset(null::"${table}", $1::json)`,
    [JSON.stringify(rows)],
  )
  const serials = await db.query(
    `select column_name from information_schema.columns
     where table_schema = 'public' and table_name = $1 and column_default like 'nextval(%'`,
    [table],
  )
  for (const { column_name: column } of serials) {
    await db.query(
      `select setval(pg_get_serial_sequence('"${table}"', '${String(column)}'),
         coalesce((select max("${String(column)}") from "${table}"), 0) + 1, false)`,
    )
  }
}
