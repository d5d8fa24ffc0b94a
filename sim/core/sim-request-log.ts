import type { FastifyRequest } from 'fastify'

export interface LoggedRequest {
  id: number
  time: string
  method: string
  path: string
  query: Record<string, unknown>
  headers: Record<string, unknown>
  body: unknown
  status: number | null
  responseBody: unknown
  dropped: boolean
}

/**
 * Every provider request the simulator saw, in arrival order. Tests read it to prove what the
 * hub sent (headers included: the simulator is not the product, so nothing is redacted here).
 */
export class RequestLog {
  private entries: LoggedRequest[] = []
  private nextId = 1

  record(request: FastifyRequest, status: number, responseText: string | null): void {
    this.entries.push({
      ...this.describe(request),
      status,
      responseBody: parseMaybeJson(responseText),
      dropped: false,
    })
  }

  recordDropped(request: FastifyRequest): void {
    this.entries.push({ ...this.describe(request), status: null, responseBody: null, dropped: true })
  }

  list(): LoggedRequest[] {
    return [...this.entries]
  }

  clear(): void {
    this.entries = []
  }

  private describe(request: FastifyRequest) {
    return {
      id: this.nextId++,
      time: new Date().toISOString(),
      method: request.method,
      path: request.url.split('?')[0] ?? '/',
      query: { ...(request.query as Record<string, unknown>) },
      headers: { ...request.headers },
      body: request.body ?? null,
    }
  }
}

function parseMaybeJson(text: string | null): unknown {
  if (text === null || text === '') return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
