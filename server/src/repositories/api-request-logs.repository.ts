import type { DB } from '../db/database.ts'
import { apiRequestLogs } from '../db/schema.ts'

/** An outgoing provider call, redacted by the caller (integrations/http/provider-http.ts). */
export interface OutgoingCallLog {
  platform: 'yelp' | 'ghl' | 'ai'
  clientId: string | null
  method: string
  endpoint: string
  statusCode: number | null
  requestHeaders: Record<string, string>
  requestBody: unknown
  responseHeaders: Record<string, string>
  responseBody: unknown
  error: string | null
  durationMs: number
}

export async function insertOutgoingCallLog(db: DB, call: OutgoingCallLog): Promise<void> {
  await db.insert(apiRequestLogs).values({
    direction: 'outgoing',
    platform: call.platform,
    clientId: call.clientId,
    method: call.method,
    endpoint: call.endpoint,
    statusCode: call.statusCode,
    requestHeaders: call.requestHeaders,
    requestBody: call.requestBody,
    responseHeaders: call.responseHeaders,
    responseBody: call.responseBody,
    error: call.error,
    duration: call.durationMs,
  })
}

/** ProviderHttp's request log (its RequestLogSink port) in `api_request_logs`. */
export class ApiRequestLogStore {
  constructor(private readonly db: DB) {}

  record(call: OutgoingCallLog): Promise<void> {
    return insertOutgoingCallLog(this.db, call)
  }
}
