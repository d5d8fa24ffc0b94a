import { createHash, type Hash, randomBytes } from 'node:crypto'
import {
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs'
import { join } from 'node:path'
import { projectPath } from '../lib/project-root.ts'
import { buildPgliteCluster, CLUSTER_CHILD_SOURCE, PGLITE_OPTIONS } from './pglite-settings.ts'
import { MIGRATIONS_FOLDER } from './schema-sources.ts'

/**
 * An embedded database already through initdb, our migrations and pg-boss's schema, built once
 * and copied into each new data folder: building one costs seconds of CPU (most of a first
 * start), a copy a fraction of one. `npm install` builds it (scripts/postinstall.mjs), the first
 * start when it is missing, and tests copy the same one for each test server.
 *
 * It lives in node_modules/.cache, the usual place for what an install can rebuild, so a fresh
 * clone or `npm ci` never sees a stale one. Its folder name carries a hash of everything that
 * shapes its contents, so a new migration, PGlite or pg-boss version or setting is a new template.
 */
export interface TemplateOptions {
  cacheDir?: string
  migrationsFolder?: string
}

const DEFAULT_CACHE_DIR = projectPath('node_modules/.cache/leadrelay')
const PACKAGES = projectPath('node_modules/')
const CLUSTER_CHILD = projectPath(CLUSTER_CHILD_SOURCE)
const MARKER = 'template.json'
/** Templates of other keys kept (other checkouts sharing node_modules, a branch switch). */
const KEEP_OTHERS = 2
const CHUNK_BYTES = 1 << 20

export class PgliteTemplateError extends Error {}

interface Marker {
  key: string
  /** sha256 over the cluster's folders and files; a copy recomputes it (copyPgliteTemplate). */
  digest: string
}

/** The folder of a usable template for today's sources, built first when there is none. */
export function ensurePgliteTemplate(options: TemplateOptions = {}): string {
  const cacheDir = options.cacheDir ?? DEFAULT_CACHE_DIR
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_FOLDER
  const key = templateKey(migrationsFolder)
  const dir = join(cacheDir, `pglite-${key.slice(0, 16)}`)
  if (readMarker(dir)?.key === key) return dir
  // No marker or another key: a build that never finished, or a hand-made folder. Never used.
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(cacheDir, { recursive: true })
  const building = join(cacheDir, `.building-${process.pid}-${randomBytes(4).toString('hex')}`)
  try {
    buildPgliteCluster(join(building, 'db'), migrationsFolder)
    const marker: Marker = { key, digest: treeDigest(join(building, 'db')) }
    writeFileSync(join(building, MARKER), JSON.stringify(marker))
    try {
      // Atomic: a reader sees the whole template or none.
      renameSync(building, dir)
    } catch (error) {
      // Another process finished the same template first; theirs is as good as ours.
      if (readMarker(dir)?.key !== key) throw error
    }
  } finally {
    rmSync(building, { recursive: true, force: true })
  }
  try {
    pruneOtherTemplates(cacheDir, dir)
  } catch {
    // Housekeeping only: another process may be pruning or building beside us.
  }
  return dir
}

/**
 * Copies the template's cluster into `target` (which must not exist yet), checking every byte
 * against the digest taken when it was built: a template truncated or altered since is refused
 * (PgliteTemplateError) and removed, so the next start builds a new one.
 */
export function copyPgliteTemplate(templateDir: string, target: string): void {
  const marker = readMarker(templateDir)
  if (!marker) throw new PgliteTemplateError(`${templateDir} is not a finished database template`)
  const hash = createHash('sha256')
  copyTree(join(templateDir, 'db'), target, hash)
  if (hash.digest('hex') !== marker.digest) {
    rmSync(target, { recursive: true, force: true })
    rmSync(templateDir, { recursive: true, force: true })
    throw new PgliteTemplateError(`The database template ${templateDir} was damaged; it is removed`)
  }
}

/** A hash of everything a template's contents depend on. */
export function templateKey(migrationsFolder: string): string {
  const hash = createHash('sha256')
  for (const name of ['@electric-sql/pglite', 'pg-boss', 'drizzle-orm']) {
    hash.update(name).update(JSON.parse(readFileSync(join(PACKAGES, name, 'package.json'), 'utf8')).version)
  }
  hash.update(JSON.stringify(PGLITE_OPTIONS)).update(readFileSync(CLUSTER_CHILD))
  const migrations = readdirSync(migrationsFolder).filter((file) => file.endsWith('.sql'))
  for (const file of [...migrations.sort(), 'meta/_journal.json']) {
    const path = join(migrationsFolder, file)
    if (existsSync(path)) hash.update(file).update(readFileSync(path))
  }
  return hash.digest('hex')
}

function readMarker(dir: string): Marker | undefined {
  try {
    const marker = JSON.parse(readFileSync(join(dir, MARKER), 'utf8')) as Partial<Marker>
    if (typeof marker.key === 'string' && typeof marker.digest === 'string') {
      return { key: marker.key, digest: marker.digest }
    }
  } catch {
    // Missing or unreadable: not a template.
  }
  return undefined
}

function treeDigest(dir: string): string {
  const hash = createHash('sha256')
  walk(dir, undefined, '', hash, Buffer.allocUnsafe(CHUNK_BYTES))
  return hash.digest('hex')
}

function copyTree(from: string, to: string, hash: Hash): void {
  mkdirSync(to, { recursive: true })
  walk(from, to, '', hash, Buffer.allocUnsafe(CHUNK_BYTES))
}

/**
 * Visits folders and files in a fixed order, hashing their names and contents, and copies them
 * when given a target (PostgreSQL needs its empty folders too). Every file goes through one
 * reused buffer: 41 MB read into fresh buffers left about 50 MB more in the server's idle RSS.
 */
function walk(root: string, target: string | undefined, relative: string, hash: Hash, chunk: Buffer): void {
  const entries = readdirSync(join(root, relative), { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  )
  for (const entry of entries) {
    const path = join(relative, entry.name)
    if (entry.isDirectory()) {
      hash.update(`d:${path}\0`)
      if (target) mkdirSync(join(target, path), { mode: 0o700 })
      walk(root, target, path, hash, chunk)
      continue
    }
    const input = openSync(join(root, path), 'r')
    const stat = fstatSync(input)
    const output = target ? openSync(join(target, path), 'wx', stat.mode & 0o777) : undefined
    try {
      hash.update(`f:${path}:${stat.size}\0`)
      for (let read = readSync(input, chunk); read > 0; read = readSync(input, chunk)) {
        hash.update(chunk.subarray(0, read))
        if (output !== undefined) writeSync(output, chunk, 0, read)
      }
    } finally {
      closeSync(input)
      if (output !== undefined) closeSync(output)
    }
  }
}

/** Keeps the newest few templates of other keys, and removes builds a crash left behind. */
function pruneOtherTemplates(cacheDir: string, current: string): void {
  const others = readdirSync(cacheDir)
    .map((name) => join(cacheDir, name))
    .filter((path) => path !== current)
    .map((path) => ({ path, mtime: statSync(path).mtimeMs }))
  const hourAgo = Date.now() - 3_600_000
  const templates = others
    .filter((other) => !other.path.includes('.building-'))
    .sort((a, b) => b.mtime - a.mtime)
  for (const stale of [
    ...templates.slice(KEEP_OTHERS),
    ...others.filter((other) => other.path.includes('.building-') && other.mtime < hourAgo),
  ]) {
    rmSync(stale.path, { recursive: true, force: true })
  }
}
