import { type SQL, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { selectRows } from './raw-rows.ts'

export interface WebhookLogEntry {
  endpoint: string
  method: string
  statusCode: number
  payload: unknown
  response: unknown
  error?: string | null
  clientId?: string | null
}

export async function insertWebhookLog(db: DB, entry: WebhookLogEntry): Promise<void> {
  await insertWebhookLogs(db, [entry])
}

/**
 * Inserts the entries in one statement; their ids, in the order given. `alongside`, a
 * data-modifying statement (the jobs the entries cause: JobQueue.enqueueManyAlong), runs as a
 * CTE of the same statement: both are written, or neither, in one round trip.
 */
export async function insertWebhookLogs(
  db: DB,
  entries: readonly WebhookLogEntry[],
  alongside: SQL | null = null,
): Promise<number[]> {
  if (entries.length === 0) {
    if (alongside) await db.execute(alongside)
    return []
  }
  const values = sql.join(
    entries.map(
      (entry) =>
        sql`(${entry.endpoint}::text, ${entry.method}::text, ${entry.statusCode}::int, ${json(entry.payload)}::jsonb, ${json(entry.response)}::jsonb, ${entry.error ?? null}::text, ${entry.clientId ?? null}::text)`,
    ),
    sql`, `,
  )
  const rows = await selectRows<{ id: number }>(
    db,
    sql`${alongside ? sql`with alongside as (${alongside}) ` : sql``}insert into webhook_logs
      (endpoint, method, status_code, payload, response, error, client_id)
      values ${values} returning id`,
  )
  // One statement numbers its rows in the order of its values: ascending ids are that order.
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b)
}

/** A JSON column's parameter, as Drizzle's jsonb column sends it: no value is SQL null. */
function json(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value)
}
