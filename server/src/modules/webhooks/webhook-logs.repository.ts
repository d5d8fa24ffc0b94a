import type { DB } from '../../db/database.ts'
import { webhookLogs } from '../../db/schema.ts'

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
  await db
    .insert(webhookLogs)
    .values({ ...entry, error: entry.error ?? null, clientId: entry.clientId ?? null })
}
