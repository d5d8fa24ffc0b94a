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

export async function insertWebhookLogs(db: DB, entries: WebhookLogEntry[]): Promise<void> {
  if (entries.length === 0) return
  await db
    .insert(webhookLogs)
    .values(
      entries.map((entry) => ({ ...entry, error: entry.error ?? null, clientId: entry.clientId ?? null })),
    )
}
