import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import { isAbsolute, join, resolve } from 'node:path'
import { type BackupEntry, type BackupResult, SETTING_DEFAULTS } from '@common/settings.ts'
import type { DB, DbKind } from '../../db/database.ts'
import { ValidationError } from '../../lib/errors.ts'
import { readSetting } from '../../repositories/settings.repository.ts'
import { BACKUP_FILE_PATTERN, writeSnapshot } from './backup-snapshot.ts'

/** Older backups than the newest ten are deleted after each new one. */
export const BACKUPS_KEPT = 10

export interface BackupsServiceDeps {
  db: DB
  kind: DbKind
  dataDir: string
  log?: { info(message: string): void }
}

/** `POST /api/backup`, the scheduled backup job and the list of recent backups (docs/spec/dashboard-spec.md §2.13 Backup card). */
export class BackupsService {
  constructor(private readonly deps: BackupsServiceDeps) {}

  /** The backup location: the `backupLocation` setting, relative to DATA_DIR unless absolute. */
  async location(): Promise<string> {
    const stored = await readSetting(this.deps.db, 'backupLocation')
    const location =
      typeof stored === 'string' && stored.trim() ? stored.trim() : SETTING_DEFAULTS.backupLocation
    return isAbsolute(location) ? location : resolve(this.deps.dataDir, location)
  }

  async create(): Promise<BackupResult> {
    const directory = await this.location()
    try {
      await mkdir(directory, { recursive: true })
    } catch (error) {
      throw new ValidationError(
        `backupLocation: cannot create ${directory}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      )
    }
    const { path, rows } = await writeSnapshot(this.deps.db, this.deps.kind, directory)
    await this.prune(directory)
    const total = Object.values(rows).reduce((a, b) => a + b, 0)
    this.deps.log?.info(`backup written to ${path} (${total} rows)`)
    return { backupFile: path }
  }

  /** The newest backups in the backup location, newest first. */
  async list(): Promise<BackupEntry[]> {
    const directory = await this.location()
    const names = await backupNames(directory)
    const entries = await Promise.all(
      names.slice(0, BACKUPS_KEPT).map(async (name): Promise<BackupEntry | null> => {
        const file = join(directory, name)
        const info = await stat(file).catch(() => null)
        if (!info) return null
        return { file, name, sizeBytes: info.size, createdAt: info.mtime.toISOString() }
      }),
    )
    return entries.filter((entry) => entry !== null)
  }

  private async prune(directory: string): Promise<void> {
    const names = await backupNames(directory)
    for (const name of names.slice(BACKUPS_KEPT)) await rm(join(directory, name), { force: true })
  }
}

/** Backup file names in `directory`, newest first (their names sort by time). */
async function backupNames(directory: string): Promise<string[]> {
  const names = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[]
    throw error
  })
  return names
    .filter((name) => BACKUP_FILE_PATTERN.test(name))
    .sort()
    .reverse()
}
