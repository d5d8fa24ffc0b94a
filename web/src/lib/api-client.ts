// The one HTTP client of the web app (spec §7 and §8): session cookies on every call, JSON
// only when there is a payload, and every non-OK answer turned into an ApiError.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** A non-OK response. Its message is `${status}: ${body text or status text}` (spec §8). */
export class ApiError extends Error {
  readonly status: number
  readonly statusText: string
  readonly bodyText: string

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`)
    this.name = 'ApiError'
    this.status = status
    this.statusText = statusText
    this.bodyText = bodyText
  }

  /** The `error` field of a JSON body such as `{"error":"Invalid credentials"}`, if there is one. */
  get serverMessage(): string | undefined {
    try {
      const body: unknown = JSON.parse(this.bodyText)
      if (
        body &&
        typeof body === 'object' &&
        'error' in body &&
        typeof body.error === 'string' &&
        body.error
      ) {
        return body.error
      }
    } catch {
      // Not JSON: the server gave no structured message.
    }
    return undefined
  }
}

/** The server's `error` message carried by an ApiError, or undefined for any other failure. */
export function serverMessageOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return
  const bodyText = await res.text().catch(() => '')
  throw new ApiError(res.status, res.statusText, bodyText)
}

export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  init?: { signal?: AbortSignal },
): Promise<Response> {
  const hasPayload = body !== undefined
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: hasPayload ? { 'Content-Type': 'application/json' } : undefined,
    body: hasPayload ? JSON.stringify(body) : undefined,
    signal: init?.signal,
  })
  await throwIfResNotOk(res)
  return res
}
