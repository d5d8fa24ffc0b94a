import { createReadStream, createWriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { createInterface } from 'node:readline'
import { createGunzip, createGzip } from 'node:zlib'

// The backup file format (docs/backups.md): gzip of JSON lines.
//   line 1   {"format":"leadrelay-backup","version":1,"createdAt":…,"source":"pglite"|"postgres",
//             "tables":[{"name":…,"columns":[…]},…]}            tables parents first
//   rows     {"t":"<table>","r":{<column>:<value>,…}}            one line per row
//   last     {"end":true,"rows":{"<table>":<count>,…}}          absent = truncated file

export const BACKUP_FORMAT = 'leadrelay-backup'
export const BACKUP_VERSION = 1

export interface BackupHeader {
  format: typeof BACKUP_FORMAT
  version: number
  createdAt: string
  source: string
  tables: Array<{ name: string; columns: string[] }>
}

/** A file that is not a complete LeadRelay backup; its message says what is wrong. */
export class BackupFileError extends Error {}

/** Writes a backup to `path` (through `path.partial`, renamed at the end: never a half file). */
export class BackupFileWriter {
  private readonly partial: string
  private readonly gzip = createGzip({ level: 6 })
  private readonly done: Promise<void>
  private readonly counts: Record<string, number> = {}

  constructor(
    private readonly path: string,
    header: Omit<BackupHeader, 'format' | 'version'>,
  ) {
    this.partial = `${path}.partial`
    const out = createWriteStream(this.partial, { mode: 0o600 })
    this.done = new Promise((resolve, reject) => {
      out.on('finish', resolve)
      out.on('error', reject)
      this.gzip.on('error', reject)
    })
    this.gzip.pipe(out)
    for (const table of header.tables) this.counts[table.name] = 0
    this.gzip.write(`${JSON.stringify({ format: BACKUP_FORMAT, version: BACKUP_VERSION, ...header })}\n`)
  }

  /** `rowsJson`: each row as JSON text, exactly as the database produced it. */
  async writeRows(table: string, rowsJson: string[]): Promise<void> {
    const prefix = `{"t":${JSON.stringify(table)},"r":`
    const chunk = `${rowsJson.map((row) => `${prefix}${row}}`).join('\n')}\n`
    this.counts[table] = (this.counts[table] ?? 0) + rowsJson.length
    if (!this.gzip.write(chunk)) await new Promise((resolve) => this.gzip.once('drain', resolve))
  }

  async finish(): Promise<Record<string, number>> {
    this.gzip.end(`${JSON.stringify({ end: true, rows: this.counts })}\n`)
    await this.done
    await rename(this.partial, this.path)
    return this.counts
  }

  async abort(): Promise<void> {
    this.gzip.destroy()
    await rm(this.partial, { force: true })
  }
}

export type BackupLine = { kind: 'row'; table: string; row: Record<string, unknown> }

/**
 * Reads a backup from start to end: the header, then every row (to `onRow`, when given), then
 * checks the trailer's counts. Throws BackupFileError for anything that is not a whole, intact
 * backup: not gzip, a bad line, an unknown table, a missing or wrong trailer (a truncated file).
 */
export async function readBackupFile(
  path: string,
  onRow?: (table: string, row: Record<string, unknown>) => Promise<void> | void,
): Promise<{ header: BackupHeader; rows: Record<string, number> }> {
  const input = createReadStream(path)
  const gunzip = createGunzip()
  let streamError: Error | null = null
  const fail = (error: Error) => {
    streamError ??= error
  }
  input.on('error', fail)
  gunzip.on('error', fail)
  const lines = createInterface({ input: input.pipe(gunzip), crlfDelay: Number.POSITIVE_INFINITY })
  let header: BackupHeader | null = null
  let trailer: { rows: Record<string, number> } | null = null
  const counts: Record<string, number> = {}
  let lineNo = 0
  try {
    for await (const line of lines) {
      lineNo += 1
      if (trailer) throw new BackupFileError(`line ${lineNo}: data after the end marker`)
      let parsed: unknown
      try {
        parsed = JSON.parse(line)
      } catch {
        throw new BackupFileError(`line ${lineNo} is not valid JSON (the file is damaged)`)
      }
      if (!header) {
        header = parseHeader(parsed)
        for (const table of header.tables) counts[table.name] = 0
        continue
      }
      const record = parsed as { t?: unknown; r?: unknown; end?: unknown; rows?: unknown }
      if (record.end === true) {
        trailer = { rows: (record.rows ?? {}) as Record<string, number> }
        continue
      }
      if (
        typeof record.t !== 'string' ||
        !(record.t in counts) ||
        !record.r ||
        typeof record.r !== 'object'
      ) {
        throw new BackupFileError(`line ${lineNo} is not a row of a table the header lists`)
      }
      counts[record.t] = (counts[record.t] ?? 0) + 1
      await onRow?.(record.t, record.r as Record<string, unknown>)
    }
  } catch (error) {
    if (error instanceof BackupFileError) throw error
    throw new BackupFileError(describeStreamError(streamError ?? (error as Error)))
  } finally {
    lines.close()
    input.destroy()
  }
  if (streamError) throw new BackupFileError(describeStreamError(streamError))
  if (!header) throw new BackupFileError('it is empty')
  if (!trailer) throw new BackupFileError('it is truncated: the end marker is missing')
  for (const [table, count] of Object.entries(counts)) {
    if (trailer.rows[table] !== count) {
      throw new BackupFileError(
        `it is damaged: ${table} has ${count} rows, the end marker says ${trailer.rows[table] ?? 0}`,
      )
    }
  }
  return { header, rows: counts }
}

function parseHeader(value: unknown): BackupHeader {
  const header = value as Partial<BackupHeader> | null
  if (!header || header.format !== BACKUP_FORMAT) {
    throw new BackupFileError('it is not a LeadRelay backup (no leadrelay-backup header)')
  }
  if (typeof header.version !== 'number' || header.version > BACKUP_VERSION) {
    throw new BackupFileError(
      `it is format version ${String(header.version)}; this LeadRelay reads up to ${BACKUP_VERSION}`,
    )
  }
  if (!Array.isArray(header.tables)) throw new BackupFileError('its header lists no tables')
  return header as BackupHeader
}

function describeStreamError(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ENOENT') return 'the file does not exist'
  if (code === 'Z_BUF_ERROR' || /unexpected end/i.test(error.message))
    return 'it is truncated (unexpected end of file)'
  if (code === 'Z_DATA_ERROR') return `it is not a gzip file or is damaged (${error.message})`
  return `cannot read it: ${error.message}`
}
