import type { DB } from '../db/database.ts'
import { webhookLogs } from '../db/schema.ts'

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

/** Inserts the entries in one statement; their ids, in the order given. */
export async function insertWebhookLogs(db: DB, entries: WebhookLogEntry[]): Promise<number[]> {
  if (entries.length === 0) return []
  const rows = await db
    .insert(webhookLogs)
    .values(
      entries.map((entry) => ({ ...entry, error: entry.error ?? null, clientId: entry.clientId ?? null })),
    )
    .returning({ id: webhookLogs.id })
  return rows.map((row) => row.id)
}
