import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai'
import type { RequestLogSink } from '../http/request-log-sink.port.ts'
import { type AiEndpoint, aiEndpoint, scrubSecrets } from './ai-base-url.ts'

/** The model server of docs/spec/product.md §9.6: any OpenAI-compatible Chat Completions API. */
export interface AiConfig {
  /** The SDK's base URL, `/v1` included; it may carry `user:pass@` (used when there is no key) and a query. */
  baseUrl: string
  apiKey: string | undefined
  model: string
}

export interface AiChatOptions {
  /** How long an answer may take before the call counts as failed (20 s, §9.6). */
  timeoutMs?: number
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant'
  content: string
}

export interface AiTokens {
  prompt: number
  completion: number
  total: number
}

export interface AiAnswer {
  text: string
  tokens: AiTokens | null
  durationMs: number
}

/** Why the model gave no answer: `timeout`, `server_error` (5xx), `connection`, `refused` (4xx). */
export type AiFailureReason = 'timeout' | 'server_error' | 'connection' | 'refused'

export class AiModelError extends Error {
  constructor(
    readonly reason: AiFailureReason,
    message: string,
  ) {
    super(message)
    this.name = new.target.name
  }
}

export const AI_TIMEOUT_MS = 20_000
/** Local servers (Ollama, vLLM) take no key, but the SDK insists on one. */
const NO_KEY = 'not-needed'
const MAX_ANSWER_TOKENS = 600

/**
 * One call to the model through the official `openai` client. Every call, answered or not, is
 * logged like a provider call (platform `ai`: prompt, answer, tokens, duration), never with the
 * key. No retries: a person waits on the answer, and the automation falls back to its template.
 */
export class AiChatClient {
  private readonly openai: OpenAI
  private readonly timeoutMs: number
  private readonly endpoint: AiEndpoint

  constructor(
    private readonly config: AiConfig,
    private readonly requestLog: RequestLogSink,
    options: AiChatOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? AI_TIMEOUT_MS
    this.endpoint = aiEndpoint(config.baseUrl)
    const { basicAuthorization, query } = this.endpoint
    this.openai = new OpenAI({
      baseURL: this.endpoint.baseUrl,
      apiKey: config.apiKey ?? NO_KEY,
      timeout: this.timeoutMs,
      maxRetries: 0,
      ...(Object.keys(query).length ? { defaultQuery: query } : {}),
      // A proxy's user and password stand in for the key only when there is none: both would be
      // an Authorization header.
      ...(basicAuthorization && config.apiKey === undefined
        ? { defaultHeaders: { Authorization: basicAuthorization } }
        : {}),
    })
  }

  get model(): string {
    return this.config.model
  }

  async complete(clientId: string, messages: ChatMessage[]): Promise<AiAnswer> {
    const body = { model: this.config.model, messages, max_tokens: MAX_ANSWER_TOKENS, temperature: 0.4 }
    const started = performance.now()
    const elapsed = () => Math.round(performance.now() - started)
    try {
      const completion = await this.openai.chat.completions.create(body, {
        // The SDK's timeout covers the wait for headers; this one also covers a stalled body.
        signal: AbortSignal.timeout(this.timeoutMs),
      })
      const text = completion.choices[0]?.message?.content ?? ''
      const usage = completion.usage
      const tokens = usage
        ? { prompt: usage.prompt_tokens, completion: usage.completion_tokens, total: usage.total_tokens }
        : null
      const durationMs = elapsed()
      await this.log(clientId, body, 200, { text, tokens, model: completion.model }, null, durationMs)
      return { text, tokens, durationMs }
    } catch (error) {
      const failure = toModelError(error, this.timeoutMs, this.endpoint.secrets)
      const status = error instanceof APIError && error.status ? error.status : null
      const answered = errorBody(error)
      // A gateway may echo the address it was called at, key and all.
      const logged =
        answered === null ? null : JSON.parse(scrubSecrets(JSON.stringify(answered), this.endpoint.secrets))
      await this.log(clientId, body, status, logged, failure.message, elapsed())
      throw failure
    }
  }

  private async log(
    clientId: string,
    requestBody: unknown,
    statusCode: number | null,
    responseBody: unknown,
    error: string | null,
    durationMs: number,
  ): Promise<void> {
    await this.requestLog
      .record({
        platform: 'ai',
        clientId,
        method: 'POST',
        endpoint: this.endpoint.loggedCompletionsUrl,
        statusCode,
        requestHeaders: { 'content-type': 'application/json' },
        requestBody,
        responseHeaders: {},
        responseBody,
        error,
        durationMs,
      })
      // The log is an audit aid: a full disk must not turn an answered draft into a failure.
      .catch(() => undefined)
  }
}

function toModelError(error: unknown, timeoutMs: number, secrets: readonly string[]): AiModelError {
  const seconds = Math.round(timeoutMs / 100) / 10
  if (
    error instanceof APIConnectionTimeoutError ||
    error instanceof APIUserAbortError ||
    (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
  )
    return new AiModelError('timeout', `The AI model did not answer within ${seconds} s`)
  if (error instanceof APIError && typeof error.status === 'number') {
    return error.status >= 500
      ? new AiModelError('server_error', `The AI model server failed: ${error.status}`)
      : new AiModelError('refused', `The AI model server refused the request: ${error.status}`)
  }
  const detail = scrubSecrets(error instanceof Error ? error.message : String(error), secrets)
  return new AiModelError('connection', `The AI model server could not be reached: ${detail}`)
}

function errorBody(error: unknown): unknown {
  if (error instanceof APIError) return error.error ?? null
  return null
}
