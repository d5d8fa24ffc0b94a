import { z } from 'zod'
import { cursorParam, dateOrTimestampParam, limitParam, searchParam } from './list-query.ts'

// GET /api/all-request-logs (docs/spec/dashboard-spec.md §2.12, §3.2 log entry, §4 log outcome; docs/spec/product.md §6.1):
// webhook_logs and api_request_logs as one list.

export const LOG_TYPES = ['api', 'webhook'] as const
export type LogType = (typeof LOG_TYPES)[number]
export const LOG_DIRECTIONS = ['incoming', 'outgoing', 'internal'] as const
export type LogDirection = (typeof LOG_DIRECTIONS)[number]

export const requestLogsQuerySchema = z.object({
  q: searchParam,
  direction: z.enum(LOG_DIRECTIONS, 'must be one of incoming, outgoing, internal').optional(),
  endpoint: z.string().min(1, 'must not be empty').max(2000, 'is too long').optional(),
  type: z.enum(LOG_TYPES, 'must be api or webhook').optional(),
  clientId: z.string().min(1, 'must not be empty').max(64, 'is not a client id').optional(),
  from: dateOrTimestampParam.optional(),
  to: dateOrTimestampParam.optional(),
  limit: limitParam,
  cursor: cursorParam.optional(),
})
export type RequestLogsQuery = z.input<typeof requestLogsQuerySchema>

/** `webhook:42` or `api:17`: unique across both sources. */
export const LOG_ID_PATTERN = /^(webhook|api):[1-9]\d{0,17}$/
export const logIdParamsSchema = z.object({
  id: z.string().regex(LOG_ID_PATTERN, 'must be a log id such as webhook:42 or api:17'),
})

const headersSchema = z.record(z.string(), z.unknown()).nullable()

export const logEntrySchema = z.object({
  id: z.string(),
  type: z.enum(LOG_TYPES),
  direction: z.enum(LOG_DIRECTIONS),
  platform: z.string().nullable(),
  endpoint: z.string(),
  method: z.string(),
  statusCode: z.number().nullable(),
  duration: z.number().nullable(),
  clientId: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  /** Webhook entries: what arrived and what was answered. */
  payload: z.unknown(),
  response: z.unknown(),
  /** API entries: what was sent and what came back; headers are redacted. */
  requestBody: z.unknown(),
  responseBody: z.unknown(),
  requestHeaders: headersSchema,
  responseHeaders: headersSchema,
  /** True when a body was cut at LOG_BODY_LIMIT in a list; the entry call returns it whole. */
  truncated: z.boolean(),
})
export type LogEntry = z.infer<typeof logEntrySchema>
export const logEntryListSchema = z.array(logEntrySchema)
export const logEndpointsSchema = z.array(z.string())

/** List items carry each body cut at 10 KB of JSON text (docs/spec/product.md §6.1). */
export const LOG_BODY_LIMIT = 10 * 1024

// docs/spec/dashboard-spec.md §2.12 direction rule, for entries that do not carry their own direction (webhook logs).
// The server stores it as a generated column (server/src/db/schema.ts) with the same patterns.
export const OUTGOING_ENDPOINT_PATTERNS = ['/businesses/subscriptions', 'api.yelp.com', 'leadconnectorhq.com']
export const INCOMING_ENDPOINT_PATTERNS = ['/yelp/webhook', '/reply', '/ghl/webhook']

export function directionOfEndpoint(endpoint: string): LogDirection {
  const lower = endpoint.toLowerCase()
  if (OUTGOING_ENDPOINT_PATTERNS.some((pattern) => lower.includes(pattern))) return 'outgoing'
  if (INCOMING_ENDPOINT_PATTERNS.some((pattern) => lower.includes(pattern))) return 'incoming'
  return 'internal'
}

export type LogOutcome = 'Success' | 'Failed' | 'Warning' | 'Unknown' | 'Error'

/** docs/spec/dashboard-spec.md §4 log outcome; an error text wins, since it says more than the code. */
export function logOutcome(entry: { statusCode: number | null; error: string | null }): LogOutcome {
  if (entry.error) return 'Error'
  const code = entry.statusCode
  if (code === null || code === undefined) return 'Unknown'
  if (code >= 200 && code <= 299) return 'Success'
  if (code >= 400) return 'Failed'
  return 'Warning'
}

export type StatusDot = 'green' | 'red' | 'orange' | 'grey'

/** docs/spec/dashboard-spec.md §2.12 status colour dot. */
export function statusDot(statusCode: number | null): StatusDot {
  if (statusCode === null || statusCode === undefined) return 'grey'
  if (statusCode >= 200 && statusCode <= 299) return 'green'
  if (statusCode >= 400) return 'red'
  return 'orange'
}
