import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import type { DB, DbKind } from '../../db/database.ts'
import { listAppTables, readSnapshot } from '../../repositories/backups.repository.ts'
import { BackupFileWriter } from './backup-file.ts'

export const BACKUP_FILE_PATTERN = /^leadrelay-backup-[0-9TZ-]+(-[0-9a-f]+)?\.jsonl\.gz$/

/** `leadrelay-backup-2026-11-23T10-05-00-123Z-3fa1.jsonl.gz`: sorts by time, never collides. */
export function backupFileName(at: Date): string {
  return `leadrelay-backup-${at.toISOString().replace(/[:.]/g, '-')}-${randomBytes(2).toString('hex')}.jsonl.gz`
}

/** Writes a consistent snapshot of every application table into `directory`; returns its path. */
export async function writeSnapshot(
  db: DB,
  source: DbKind,
  directory: string,
  now = new Date(),
): Promise<{ path: string; rows: Record<string, number> }> {
  const tables = await listAppTables(db)
  const path = join(directory, backupFileName(now))
  const writer = new BackupFileWriter(path, {
    createdAt: now.toISOString(),
    source,
    tables: tables.map((t) => ({ name: t.name, columns: t.columns })),
  })
  try {
    await readSnapshot(db, tables, (table, rows) => writer.writeRows(table.name, rows))
    const rows = await writer.finish()
    return { path, rows }
  } catch (error) {
    await writer.abort()
    throw error
  }
}
