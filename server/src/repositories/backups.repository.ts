import { sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { moveLegacyConnections } from './legacy-connections.repository.ts'

// The SQL of backups and restores (docs/backups.md). Tables are read generically from the
// catalog, so a table added to db/schema.ts is in the next backup without a change here. Rows
// travel as JSON objects (`row_to_json` out, `json_populate_recordset` in): one shape for every
// column type, on PGlite and PostgreSQL alike, and encrypted columns are copied as stored.

export interface TableInfo {
  name: string
  columns: string[]
  /** Columns fed by a sequence (serial ids): set past the restored maximum afterwards. */
  serialColumns: string[]
}

const BATCH_ROWS = 2_000

/**
 * Tables the database derives from the others: left out of backups, rebuilt on restore (the
 * log_counters triggers and the log-index job count the restored rows; restoring the counters
 * too would count every row twice). The providers' rate budget slots are runtime state, not data.
 */
const DERIVED_TABLES = ['log_counters', 'rate_budget_slots']

/**
 * Columns derived from their row outside the writing transaction (the log-index job): left out,
 * so the restored rows are indexed and counted anew, as on the day they were written.
 */
const DERIVED_COLUMNS = [
  { table: 'webhook_logs', column: 'search_text' },
  { table: 'api_request_logs', column: 'search_text' },
]

/**
 * The application's tables (schema `public`, but the derived ones), parents before the tables
 * that reference them.
 * Generated columns (the inbox's filter columns) are left out: the database computes them, and
 * refuses a value for them on restore.
 */
export async function listAppTables(db: DB): Promise<TableInfo[]> {
  const columns = rowsOf<{ table_name: string; column_name: string; is_serial: boolean }>(
    await db.execute(sql`
      select table_name, column_name, coalesce(column_default like 'nextval(%', false) as is_serial
      from information_schema.columns
      where table_schema = 'public' and is_generated = 'NEVER' and table_name not in (${sql.join(
        DERIVED_TABLES.map((name) => sql`${name}`),
        sql`, `,
      )})
        and (table_name, column_name) not in (${sql.join(
          DERIVED_COLUMNS.map(({ table, column }) => sql`(${table}, ${column})`),
          sql`, `,
        )})
        and table_name in (select table_name from information_schema.tables
                           where table_schema = 'public' and table_type = 'BASE TABLE')
      order by table_name, ordinal_position`),
  )
  const references = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`
      select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public'`),
  )
  const tables = new Map<string, TableInfo>()
  for (const row of columns) {
    const table = tables.get(row.table_name) ?? { name: row.table_name, columns: [], serialColumns: [] }
    table.columns.push(row.column_name)
    if (row.is_serial) table.serialColumns.push(row.column_name)
    tables.set(row.table_name, table)
  }
  return parentsFirst([...tables.values()], references)
}

function parentsFirst(tables: TableInfo[], references: Array<{ child: string; parent: string }>) {
  const ordered: TableInfo[] = []
  const placed = new Set<string>()
  const unquote = (name: string) => name.replace(/^"|"$/g, '')
  const parentsOf = (name: string) =>
    references
      .filter((r) => unquote(r.child) === name && unquote(r.parent) !== name)
      .map((r) => unquote(r.parent))
  const visit = (table: TableInfo, path: Set<string>) => {
    if (placed.has(table.name) || path.has(table.name)) return
    path.add(table.name)
    for (const parent of parentsOf(table.name)) {
      const info = tables.find((t) => t.name === parent)
      if (info) visit(info, path)
    }
    placed.add(table.name)
    ordered.push(table)
  }
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(table, new Set())
  return ordered
}

/**
 * Reads every row of `tables` inside one read-only REPEATABLE READ transaction, so the snapshot
 * is consistent across tables while writers go on (on PGlite, its one connection is held for
 * the duration). Rows arrive as JSON text, a batch at a time, in primary-key-free cursor order.
 */
export async function readSnapshot(
  db: DB,
  tables: TableInfo[],
  onBatch: (table: TableInfo, rowsJson: string[]) => Promise<void>,
): Promise<void> {
  await db.transaction(
    async (tx) => {
      for (const table of tables) {
        const ident = quoteIdent(table.name)
        await tx.execute(
          sql.raw(
            `declare backup_rows no scroll cursor for select row_to_json(t)::text as j from ${ident} t`,
          ),
        )
        for (;;) {
          const batch = rowsOf<{ j: string }>(
            await tx.execute(sql.raw(`fetch ${BATCH_ROWS} from backup_rows`)),
          )
          if (batch.length === 0) break
          await onBatch(
            table,
            batch.map((row) => row.j),
          )
        }
        await tx.execute(sql.raw('close backup_rows'))
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}

/** Row counts of `tables`, by name. */
export async function countRows(db: DB, tables: Array<{ name: string }>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const table of tables) {
    const [row] = rowsOf<{ n: number | string }>(
      await db.execute(sql.raw(`select count(*)::int as n from ${quoteIdent(table.name)}`)),
    )
    counts[table.name] = Number(row?.n ?? 0)
  }
  return counts
}

/** The writes of one restore, all inside one transaction (restore.ts): all or nothing. */
export interface RestoreWriter {
  /** Empties every application table (only with --force). */
  truncate(tables: TableInfo[]): Promise<void>
  insert(table: TableInfo, rows: Record<string, unknown>[]): Promise<void>
  /** Moves each serial sequence past the restored maximum, so new rows get fresh ids. */
  resetSequences(tables: TableInfo[]): Promise<void>
  /** The replaced database's queued jobs go with its rows (dropQueuedJobs). */
  dropQueuedJobs(): Promise<number>
  /** A backup made before migration 0023: its clients' connections move to their own tables. */
  moveLegacyConnections(): Promise<number>
}

export async function inRestoreTransaction<T>(
  db: DB,
  run: (writer: RestoreWriter) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) =>
    run({
      truncate: async (tables) => {
        if (tables.length === 0) return
        await tx.execute(
          sql.raw(
            `truncate table ${tables.map((t) => quoteIdent(t.name)).join(', ')} restart identity cascade`,
          ),
        )
      },
      insert: async (table, rows) => {
        if (rows.length === 0) return
        const columns = table.columns.map(quoteIdent).join(', ')
        const ident = quoteIdent(table.name)
        await tx.execute(
          sql`${sql.raw(`insert into ${ident} (${columns}) select ${columns} from json_populate_recordset(null::${ident}, `)}${JSON.stringify(rows)}::json)`,
        )
      },
      dropQueuedJobs: () => dropQueuedJobs(tx),
      moveLegacyConnections: () => moveLegacyConnections(tx),
      resetSequences: async (tables) => {
        for (const table of tables) {
          for (const column of table.serialColumns) {
            const ident = quoteIdent(table.name)
            const col = quoteIdent(column)
            await tx.execute(
              sql.raw(
                `select setval(pg_get_serial_sequence('${ident}', '${column.replace(/'/g, "''")}'),
                   coalesce((select max(${col}) from ${ident}), 0) + 1, false)`,
              ),
            )
          }
        }
      },
    }),
  )
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[]
}

/**
 * Empties pg-boss's job tables (live and archived) of the engine's jobs, inside the restore's
 * transaction: each names rows of the database being replaced, by ids the restored sequences
 * hand out again. pg-boss's own bookkeeping (queues, cron schedules, its `__` jobs) stays. No-op
 * on a database pg-boss never started on.
 */
export async function dropQueuedJobs(db: DB): Promise<number> {
  const [installed] = rowsOf<{ ok: boolean }>(
    await db.execute(sql`select to_regclass('pgboss.job') is not null as ok`),
  )
  if (!installed?.ok) return 0
  let dropped = 0
  for (const table of ['job', 'archive']) {
    const [row] = rowsOf<{ n: number | string }>(
      await db.execute(
        sql.raw(`with gone as (delete from pgboss.${table} where name not like '\\_\\_%' returning 1)
                 select count(*)::int as n from gone`),
      ),
    )
    dropped += Number(row?.n ?? 0)
  }
  return dropped
}

export interface PendingReplyRow {
  id: number
  clientId: string
  platform: string
  messageId: string | null
  metadata: Record<string, unknown> | null
}

/**
 * Replies recorded but not yet delivered (`pending` outbound rows of `platforms`) that no parked
 * job holds: after a restore each needs its delivery job again.
 */
export async function listPendingReplies(db: DB, platforms: string[]): Promise<PendingReplyRow[]> {
  return rowsOf<PendingReplyRow>(
    await db.execute(sql`
      select id, client_id as "clientId", platform, message_id as "messageId", metadata
      from messages m
      where direction = 'outbound' and status = 'pending' and platform in (${sql.join(
        platforms.map((p) => sql`${p}`),
        sql`, `,
      )})
        and not exists (select 1 from parked_jobs p where (p.data->>'messageRowId')::int = m.id)
      order by id`),
  )
}
