import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from './database.ts'
import { createPgliteClusterIfMissing } from './pglite-first-start.ts'
import { PGLITE_OPTIONS } from './pglite-settings.ts'
import { copyPgliteTemplate, ensurePgliteTemplate, templateKey } from './pglite-template.ts'
import { MIGRATIONS_FOLDER, QUEUE_SCHEMA } from './schema-sources.ts'

// Each build of a template is initdb plus every migration: seconds of CPU, more on a busy machine.
const BUILD_TIMEOUT = 180_000

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})
function tempDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `leadrelay-template-${label}-`))
  dirs.push(dir)
  return dir
}

/** Opens a cluster folder as the server would, and returns what a query answers. */
async function query(clusterDir: string, sql: string): Promise<Record<string, unknown>[]> {
  const pglite = new PGlite(clusterDir, { ...PGLITE_OPTIONS, extensions: { pg_trgm } })
  try {
    return (await pglite.query<Record<string, unknown>>(sql)).rows
  } finally {
    await pglite.close()
  }
}

const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[]
}

describe('embedded database template', () => {
  // One cache for the whole file: the first test builds its template, the others reuse or damage it.
  const cacheDir = tempDir('cache')

  it('is built once and reused while its sources are unchanged', { timeout: BUILD_TIMEOUT }, () => {
    const template = ensurePgliteTemplate({ cacheDir })
    const builtAt = statSync(join(template, 'template.json')).mtimeMs
    expect(existsSync(join(template, 'db/PG_VERSION'))).toBe(true)

    const started = performance.now()
    expect(ensurePgliteTemplate({ cacheDir })).toBe(template)
    expect(performance.now() - started).toBeLessThan(1_000)
    expect(statSync(join(template, 'template.json')).mtimeMs).toBe(builtAt)
  })

  it('gives a first start a migrated database with the job queue schema, and a later start keeps it', {
    timeout: BUILD_TIMEOUT,
  }, async () => {
    const dataDir = tempDir('first-start')
    expect(createPgliteClusterIfMissing(join(dataDir, 'db'), { cacheDir })).toBe('template')
    // No leftovers beside the database: the copy was renamed into place.
    expect(readdirNames(dataDir)).toEqual(['db'])

    const database = await openDatabase({ dataDir })
    try {
      const migrations = await database.execute('select count(*)::int as n from drizzle.__drizzle_migrations')
      expect(migrations.rows[0]?.n).toBe(journal.entries.length)
      const queue = await database.execute(`select version from ${QUEUE_SCHEMA}.version`)
      expect(queue.rows).toHaveLength(1)
      const users = await database.execute('select count(*)::int as n from users')
      expect(users.rows[0]?.n).toBe(0)
    } finally {
      await database.close()
    }
    expect(createPgliteClusterIfMissing(join(dataDir, 'db'), { cacheDir })).toBe('existing')
  })

  it('is rebuilt when a migration changes, with the change in it', { timeout: BUILD_TIMEOUT }, async () => {
    const migrationsFolder = join(tempDir('migrations'), 'drizzle')
    cpSync(MIGRATIONS_FOLDER, migrationsFolder, { recursive: true })
    const before = ensurePgliteTemplate({ cacheDir })
    const last = journal.entries.at(-1)?.tag
    appendFileSync(
      join(migrationsFolder, `${last}.sql`),
      '\n--> statement-breakpoint\nCREATE TABLE "template_probe" ("id" integer);',
    )
    expect(templateKey(migrationsFolder)).not.toBe(templateKey(MIGRATIONS_FOLDER))

    const after = ensurePgliteTemplate({ cacheDir, migrationsFolder })
    expect(after).not.toBe(before)
    const copy = join(tempDir('probe'), 'db')
    copyPgliteTemplate(after, copy)
    expect(await query(copy, "select to_regclass('public.template_probe') is not null as present")).toEqual([
      { present: true },
    ])
    // The template of the unchanged migrations is still there for checkouts that use them.
    expect(ensurePgliteTemplate({ cacheDir })).toBe(before)
  })

  it('is not used when its build never finished: it is built again', { timeout: BUILD_TIMEOUT }, () => {
    const template = ensurePgliteTemplate({ cacheDir })
    // What a build killed before its last step leaves: the cluster without the marker.
    rmSync(join(template, 'template.json'))
    rmSync(join(template, 'db/base'), { recursive: true })

    expect(ensurePgliteTemplate({ cacheDir })).toBe(template)
    expect(existsSync(join(template, 'template.json'))).toBe(true)
    expect(existsSync(join(template, 'db/base'))).toBe(true)
  })

  it('is not used when a file of it was damaged: the start builds its database instead, and the template goes', {
    timeout: BUILD_TIMEOUT,
  }, async () => {
    const template = ensurePgliteTemplate({ cacheDir })
    const damaged = join(template, 'db/PG_VERSION')
    writeFileSync(damaged, readFileSync(damaged, 'utf8').replace(/\d/, '9'))

    const dataDir = tempDir('damaged')
    expect(createPgliteClusterIfMissing(join(dataDir, 'db'), { cacheDir })).toBe('built')
    expect(existsSync(template)).toBe(false)
    expect(readdirNames(dataDir)).toEqual(['db'])
    const migrations = await query(
      join(dataDir, 'db'),
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    )
    expect(migrations).toEqual([{ n: journal.entries.length }])
  })

  it('is never copied over a folder that holds something else', () => {
    const dataDir = tempDir('unrelated')
    mkdirSync(join(dataDir, 'db'))
    writeFileSync(join(dataDir, 'db/notes.txt'), 'not a database')
    expect(() => createPgliteClusterIfMissing(join(dataDir, 'db'), { cacheDir })).toThrow(
      /is not empty but holds no database/,
    )
    expect(readFileSync(join(dataDir, 'db/notes.txt'), 'utf8')).toBe('not a database')
  })

  it('is copied under the data-folder lock: a second start on the same empty folder is refused', {
    timeout: BUILD_TIMEOUT,
  }, async () => {
    const dataDir = tempDir('two-starts')
    const results = await Promise.allSettled([openDatabase({ dataDir }), openDatabase({ dataDir })])
    const opened = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
    const refused = results.flatMap((result) =>
      result.status === 'rejected' ? [result.reason as Error] : [],
    )
    expect(opened).toHaveLength(1)
    expect(refused.map((error) => error.message)).toEqual([
      expect.stringMatching(/Another LeadRelay process/),
    ])
    await opened[0]?.close()
  })
})

/** What a data folder holds besides the lock's socket. */
function readdirNames(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name !== 'leadrelay.sock')
    .sort()
}
