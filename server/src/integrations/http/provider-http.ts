import type { FastifyBaseLogger } from 'fastify'
import { providerRequestDuration, providerRequests, statusClass } from '../../lib/process-metrics.ts'
import { redactBody, redactHeaders, redactUrl } from './redaction.ts'
import type { RequestLogSink } from './request-log-sink.port.ts'

export type Platform = 'yelp' | 'ghl'

export interface ProviderRequest {
  platform: Platform
  clientId?: string | null
  method: string
  url: string
  headers?: Record<string, string>
  /** Sent as JSON. */
  json?: unknown
  /** Sent form-encoded (both providers' token endpoints). */
  form?: Record<string, string>
  timeoutMs?: number
}

export interface ProviderResponse {
  status: number
  headers: Record<string, string>
  body: unknown
  durationMs: number
}

/**
 * How a call failed without an HTTP answer: `timeout` (sent, no answer in time), `not-sent` (the
 * connection was never made, so the provider saw nothing), `no-answer` (the connection broke
 * after the request may have been sent). Only `not-sent` is known to have had no effect.
 */
export type UnreachableKind = 'timeout' | 'not-sent' | 'no-answer'

/** The provider could not be reached or did not answer in time: worth retrying later. */
export class ProviderUnreachableError extends Error {
  constructor(
    readonly platform: Platform,
    message: string,
    readonly kind: UnreachableKind = 'no-answer',
  ) {
    super(message)
  }
}

// Failures raised before a byte of the request left this machine.
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT'])

const DEFAULT_TIMEOUT_MS = 15_000

/**
 * The one way the server talks to Yelp and GHL: a timeout on every call, and every call
 * recorded through the request log (`api_request_logs`) with Authorization headers, tokens and
 * keys redacted.
 */
export class ProviderHttp {
  constructor(
    private readonly requestLog: RequestLogSink,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async request(request: ProviderRequest): Promise<ProviderResponse> {
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers }
    let body: string | undefined
    if (request.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(request.form).toString()
    } else if (request.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(request.json)
    }
    const started = performance.now()
    try {
      const response = await fetch(request.url, {
        method: request.method,
        headers,
        body,
        signal: AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS),
        redirect: 'manual',
      })
      const text = await response.text()
      const result: ProviderResponse = {
        status: response.status,
        headers: Object.fromEntries(response.headers.entries()),
        body: parseBody(text),
        durationMs: Math.round(performance.now() - started),
      }
      await this.record(request, headers, result, null)
      return result
    } catch (error) {
      const durationMs = Math.round(performance.now() - started)
      const isTimeout = (error as Error).name === 'TimeoutError'
      const code = (error as Error & { cause?: { code?: unknown } }).cause?.code
      const kind: UnreachableKind = isTimeout
        ? 'timeout'
        : typeof code === 'string' && NOT_SENT_CODES.has(code)
          ? 'not-sent'
          : 'no-answer'
      const reason = isTimeout
        ? `no answer within ${request.timeoutMs ?? DEFAULT_TIMEOUT_MS} ms`
        : ((error as Error & { cause?: Error }).cause?.message ?? (error as Error).message)
      const message = `${request.method} ${new URL(request.url).pathname} to ${request.platform} failed: ${reason}`
      await this.record(request, headers, { status: 0, headers: {}, body: null, durationMs }, message)
      throw new ProviderUnreachableError(request.platform, message, kind)
    }
  }

  private async record(
    request: ProviderRequest,
    sentHeaders: Record<string, string>,
    response: ProviderResponse,
    error: string | null,
  ): Promise<void> {
    providerRequests.inc({ provider: request.platform, status: statusClass(response.status) })
    providerRequestDuration.observe({ provider: request.platform }, response.durationMs / 1000)
    try {
      await this.requestLog.record({
        platform: request.platform,
        clientId: request.clientId ?? null,
        method: request.method,
        endpoint: redactUrl(request.url),
        statusCode: response.status || null,
        requestHeaders: redactHeaders(sentHeaders),
        requestBody: redactBody(request.json ?? request.form ?? null),
        // Set-Cookie and the like are credentials too.
        responseHeaders: redactHeaders(response.headers),
        responseBody: redactBody(response.body),
        error: error ?? (response.status >= 400 ? describeStatus(response) : null),
        durationMs: response.durationMs,
      })
    } catch (logError) {
      // Losing a log line must never fail the provider call it describes.
      this.log?.warn({ err: logError }, 'could not record a provider request')
    }
  }
}

function parseBody(text: string): unknown {
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return text.length > 2000 ? `${text.slice(0, 2000)}…` : text
  }
}

function describeStatus(response: ProviderResponse): string {
  return `HTTP ${response.status}: ${providerErrorMessage(response.body) ?? 'no message'}`
}

/** The human message inside either provider's error shapes. */
export function providerErrorMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object') return typeof body === 'string' && body ? body : null
  const record = body as Record<string, unknown>
  const error = record.error
  if (error && typeof error === 'object') {
    const inner = error as Record<string, unknown>
    const description = inner.description ?? inner.message
    const code = inner.code ?? inner.id
    if (typeof description === 'string') return code ? `${String(code)}: ${description}` : description
  }
  const message = record.message
  if (Array.isArray(message)) return message.join('; ')
  if (typeof message === 'string') return message
  if (typeof error === 'string') return error
  return null
}
