import type { z } from 'zod'

// The one HTTP client of the web app (docs/spec/dashboard-spec.md §7 and §8): session cookies on every call, JSON
// only when there is a payload, and every non-OK answer turned into an ApiError. apiJson also
// parses an OK answer with its contract from common/, so a server that drifts from the
// contract fails loudly at the call instead of rendering undefined fields.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** A non-OK response. Its message is `${status}: ${body text or status text}` (docs/spec/dashboard-spec.md §8). */
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

/** How many of a drifted body's problems the message names; the rest are in `issues`. */
const ISSUES_IN_MESSAGE = 3

/**
 * An OK answer whose body does not match its contract in common/: the server and the web
 * disagree about the shape. The message names the call and the first mismatched fields.
 */
export class ResponseShapeError extends Error {
  readonly method: HttpMethod
  readonly url: string
  readonly issues: readonly z.core.$ZodIssue[]

  constructor(method: HttpMethod, url: string, issues: readonly z.core.$ZodIssue[]) {
    const shown = issues.slice(0, ISSUES_IN_MESSAGE).map(describeIssue)
    const more = issues.length > ISSUES_IN_MESSAGE ? ` (and ${issues.length - ISSUES_IN_MESSAGE} more)` : ''
    super(`Unexpected response from ${method} ${url}: ${shown.join('; ')}${more}`)
    this.name = 'ResponseShapeError'
    this.method = method
    this.url = url
    this.issues = issues
  }
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.length ? issue.path.map(String).join('.') : '(body)'
  return `${path}: ${issue.message}`
}

/** The JSON body of an OK answer, parsed with its contract; ResponseShapeError when it drifted. */
export async function parseResponse<S extends z.ZodType>(
  res: Response,
  schema: S,
  call: { method: HttpMethod; url: string },
): Promise<z.output<S>> {
  let body: unknown
  try {
    body = await res.json()
  } catch {
    throw new ResponseShapeError(call.method, call.url, [
      { code: 'custom', path: [], message: 'the body is not JSON', input: undefined },
    ])
  }
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw new ResponseShapeError(call.method, call.url, parsed.error.issues)
  return parsed.data
}

/** apiRequest, then the answer's body parsed with `schema` (its contract in common/). */
export async function apiJson<S extends z.ZodType>(
  method: HttpMethod,
  url: string,
  schema: S,
  body?: unknown,
  init?: { signal?: AbortSignal },
): Promise<z.output<S>> {
  const res = await apiRequest(method, url, body, init)
  return parseResponse(res, schema, { method, url })
}
