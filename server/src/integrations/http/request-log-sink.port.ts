/** One provider call as recorded, already redacted (no Authorization header, token or key). */
export interface ProviderCallRecord {
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

/**
 * Where ProviderHttp records every call it makes: the `api_request_logs` table in production
 * (repositories/api-request-logs.repository.ts), so the integrations never touch the database.
 */
export interface RequestLogSink {
  record(call: ProviderCallRecord): Promise<void>
}
