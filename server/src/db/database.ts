import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { acquireDataDirLock } from './data-dir-lock.ts'
import { createPgliteClusterIfMissing } from './pglite-first-start.ts'
import { PGLITE_OPTIONS } from './pglite-settings.ts'
import { takeTurnsOnPglite } from './pglite-turns.ts'
import * as schema from './schema.ts'
import { MIGRATIONS_FOLDER } from './schema-sources.ts'

export type Schema = typeof schema
/** The one database type repositories see; both drivers satisfy it. */
export type DB = PgDatabase<PgQueryResultHKT, Schema>
export type DbKind = 'pglite' | 'postgres'

/** Runs one SQL statement (or, without values, a script); what pg-boss and raw checks need. */
export type SqlExecutor = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>

export interface Database {
  kind: DbKind
  db: DB
  /**
   * For answering provider webhooks. On PostgreSQL, a few connections of their own, so Yelp and
   * GHL never wait behind the job workers for a pooled one; on PGlite the same handle as `db`,
   * where `urgently` puts that work first instead (docs/decisions/0007).
   */
  ingestDb: DB
  execute: SqlExecutor
  /** The raw PGlite instance, present only on the embedded database (pg-boss's adapter needs it). */
  pglite?: PGlite
  /** PostgreSQL connection string, present only on PostgreSQL. */
  url?: string
  close(): Promise<void>
}

// Per process: the job workers (each job's `workers`, engine/jobs/), API requests and housekeeping share the
// first; webhook writes (group commits, a few at a time) have the second to themselves.
const POOL_SIZE = 16
export const INGEST_POOL_SIZE = 4
// Any fixed number: serialises migrations when several processes start on one PostgreSQL.
const MIGRATION_LOCK_KEY = 7_214_009

export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir)
}

async function openPostgres(url: string): Promise<Database> {
  // Connections, once opened, are kept (`min`): opening one costs a webhook that waits for it
  // several milliseconds, and pg's default closed idle ones after 10 s.
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, min: 4 })
  const ingestPool = new pg.Pool({ connectionString: url, max: INGEST_POOL_SIZE, min: INGEST_POOL_SIZE })
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  for (const each of [pool, ingestPool])
    each.on('error', (error) => process.stderr.write(`PostgreSQL connection lost: ${error.message}\n`))
  try {
    const lockClient = await pool.connect()
    try {
      await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
      await migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS_FOLDER })
    } finally {
      await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {})
      lockClient.release()
    }
  } catch (error) {
    await Promise.all([pool.end().catch(() => {}), ingestPool.end().catch(() => {})])
    throw new Error(`Cannot open PostgreSQL at ${redactUrl(url)}: ${(error as Error).message}`)
  }
  return {
    kind: 'postgres',
    db: drizzlePg(pool, { schema }),
    ingestDb: drizzlePg(ingestPool, { schema }),
    url,
    execute: async (text, values) => {
      const result = await pool.query(text, values)
      return { rows: Array.isArray(result) ? result.flatMap((r) => r.rows) : result.rows }
    },
    close: async () => {
      await Promise.all([pool.end(), ingestPool.end()])
    },
  }
}

async function openPglite(dataDir: string): Promise<Database> {
  mkdirSync(dataDir, { recursive: true })
  const releaseLock = await acquireDataDirLock(dataDir)
  let client: PGlite | undefined
  try {
    const pgDataDir = join(dataDir, 'db')
    createPgliteClusterIfMissing(pgDataDir)
    // pg_trgm: the trigram indexes of the inbox's and the logs' free-text filters. Loaded here,
    // not in PGLITE_OPTIONS: those travel to the cluster-building child as JSON.
    client = new PGlite(pgDataDir, { ...PGLITE_OPTIONS, extensions: { pg_trgm } })
    await client.waitReady
    takeTurnsOnPglite(client)
    const db = drizzlePglite(client, { schema })
    // A no-op on a database the template or an earlier start brought up to date.
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER })
    const pglite = client
    return {
      kind: 'pglite',
      db,
      ingestDb: db,
      pglite,
      execute: async (text, values) => {
        if (values?.length) return { rows: (await pglite.query<Record<string, unknown>>(text, values)).rows }
        return { rows: (await pglite.exec(text)).flatMap((r) => r.rows as Record<string, unknown>[]) }
      },
      close: async () => {
        await pglite.close()
        releaseLock()
      },
    }
  } catch (error) {
    await client?.close().catch(() => {})
    releaseLock()
    throw error
  }
}

function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@')
}
