import type { DB } from '../../db/database.ts'
import {
  countRows,
  inRestoreTransaction,
  listAppTables,
  type TableInfo,
} from '../../repositories/backups.repository.ts'
import { BackupFileError, readBackupFile } from './backup-file.ts'

/** Rows are inserted this many at a time. */
const INSERT_BATCH = 1_000

/** The restore would not run; nothing was changed. */
export class RestoreRefusedError extends Error {}

export interface RestoreResult {
  tables: number
  rows: number
  source: string
  createdAt: string
}

/**
 * Restores a backup into `db` (docs/backups.md). Reads the whole file once to check it before
 * touching the database; refuses a database holding data unless `force`; then empties and loads
 * every table, and drops the jobs queued for the replaced rows, in one transaction, so a failure
 * part-way leaves the database as it was. The restored rows' own jobs are queued afterwards
 * (restore-jobs.ts requeuePendingReplies).
 */
export async function restoreBackup(
  db: DB,
  file: string,
  options: { force?: boolean } = {},
): Promise<RestoreResult> {
  let checked: Awaited<ReturnType<typeof readBackupFile>>
  try {
    checked = await readBackupFile(file)
  } catch (error) {
    if (error instanceof BackupFileError)
      throw new RestoreRefusedError(`${file} cannot be restored: ${error.message}`)
    throw error
  }
  const { header } = checked
  const tables = await listAppTables(db)
  const byName = new Map(tables.map((t) => [t.name, t]))
  const unknown = header.tables.flatMap((t) => {
    const target = byName.get(t.name)
    if (!target) return [t.name]
    return t.columns.filter((c) => !target.columns.includes(c)).map((c) => `${t.name}.${c}`)
  })
  if (unknown.length) {
    throw new RestoreRefusedError(
      `${file} was made by a newer LeadRelay: this database has no ${unknown.join(', ')}. Restore it with that version.`,
    )
  }
  const counts = await countRows(db, tables)
  const holding = Object.entries(counts).filter(([, n]) => n > 0)
  if (holding.length && !options.force) {
    throw new RestoreRefusedError(
      `The database already holds data (${holding.map(([t, n]) => `${t}: ${n}`).join(', ')}). ` +
        'Restore into an empty database, or pass --force to replace everything in it.',
    )
  }

  // Only the backup's columns are written; columns it lacks (added since) take their defaults.
  const restoring = header.tables.map((t): TableInfo => {
    const target = byName.get(t.name) as TableInfo
    return { ...target, columns: t.columns }
  })
  let total = 0
  await inRestoreTransaction(db, async (writer) => {
    await writer.truncate(tables)
    const pending = new Map<string, Record<string, unknown>[]>()
    const flush = async (name: string) => {
      const rows = pending.get(name)
      const table = restoring.find((t) => t.name === name)
      if (!rows?.length || !table) return
      pending.set(name, [])
      await writer.insert(table, rows)
    }
    // Rows come table by table, parents first (the order the backup was written in).
    let current: string | null = null
    await readBackupFile(file, async (name, row) => {
      if (current !== null && current !== name) await flush(current)
      current = name
      const rows = pending.get(name) ?? []
      rows.push(row)
      pending.set(name, rows)
      total += 1
      if (rows.length >= INSERT_BATCH) await flush(name)
    })
    if (current !== null) await flush(current)
    // Connections moved out of the client row (docs/decisions/0028): an older backup's follow them.
    const legacy = header.tables.find((t) => t.name === 'clients')?.columns.includes('yelp_tokens')
    if (legacy) await writer.moveLegacyConnections()
    await writer.resetSequences(tables)
    await writer.dropQueuedJobs()
  })
  return { tables: restoring.length, rows: total, source: header.source, createdAt: header.createdAt }
}
