import { createHash } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { openDatabase } from '../db/database.ts'
import { createQueue, stopQueue } from '../engine/queue/queue.ts'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const TEMPLATE_DIR = join(ROOT, '.tmp/pglite-template')
const MIGRATIONS = join(ROOT, 'server/drizzle')

/**
 * An embedded database already through initdb, our migrations and pg-boss's schema, made once
 * per change of those and copied for each test server: a fresh PGlite costs seconds of CPU,
 * a copy a few milliseconds. Keyed by a hash of the migrations and the pg-boss version.
 */
export async function ensurePgliteTemplate(): Promise<string> {
  const stamp = templateStamp()
  const stampFile = join(TEMPLATE_DIR, 'stamp')
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return TEMPLATE_DIR
  const building = `${TEMPLATE_DIR}.building-${process.pid}`
  rmSync(building, { recursive: true, force: true })
  mkdirSync(building, { recursive: true })
  const database = await openDatabase({ dataDir: building })
  const boss = createQueue(database)
  await boss.start()
  await stopQueue(boss, 1000)
  await database.close()
  writeFileSync(join(building, 'stamp'), stamp)
  rmSync(TEMPLATE_DIR, { recursive: true, force: true })
  renameSync(building, TEMPLATE_DIR)
  return TEMPLATE_DIR
}

/** Copies the template's database into a fresh data folder; false when there is no template. */
export function copyPgliteTemplate(dataDir: string): boolean {
  const stampFile = join(TEMPLATE_DIR, 'stamp')
  if (!existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== templateStamp()) return false
  cpSync(join(TEMPLATE_DIR, 'db'), join(dataDir, 'db'), { recursive: true })
  return true
}

function templateStamp(): string {
  const hash = createHash('sha256')
  for (const file of readdirSync(MIGRATIONS, { recursive: true }).map(String).sort()) {
    const path = join(MIGRATIONS, file)
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(path))
  }
  hash.update(JSON.parse(readFileSync(join(ROOT, 'node_modules/pg-boss/package.json'), 'utf8')).version)
  return hash.digest('hex')
}
