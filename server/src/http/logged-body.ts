import type { FastifyRequest } from 'fastify'

/** Keys whose values are secrets wherever they appear in a body (any depth, any case). */
const SECRET_KEY = /pass|secret|token|api[-_]?key|authori[sz]ation|credential|cookie|signature/i
/** The same keys in text that is not JSON (a form, a query string, a broken JSON body). */
const SECRET_IN_TEXT =
  /((?:\w*(?:pass|secret|token|api[-_]?key|authori[sz]ation|credential|cookie|signature)\w*)["']?\s*[:=]\s*["']?)[^"'&,;\s}]*/gi
const REDACTED = '[Redacted]'

/**
 * What a log line may show of a request's body, cut to `max` characters. A sign-in's (any
 * `/api/auth/` route's) body is a password and is never shown; elsewhere every secret-like key
 * (password, secret, token, apiKey, …) has its value replaced, so a refused user form or a
 * webhook carrying a token does not put the secret in the console or the log files.
 */
export function loggableBody(request: FastifyRequest, max: number): string | undefined {
  if (isAuthRoute(request)) return undefined
  return scrubbedBodyText(request.body).slice(0, max)
}

/**
 * The same for a body refused before it was parsed: its first `max` characters, scrubbed as
 * text (a cut body is not JSON; a value cut short is still replaced).
 */
export function loggableRawHead(request: FastifyRequest, text: string, max: number): string | undefined {
  if (isAuthRoute(request)) return undefined
  return text.slice(0, max).replace(SECRET_IN_TEXT, `$1${REDACTED}`)
}

function isAuthRoute(request: FastifyRequest): boolean {
  return (request.routeOptions.url ?? '').startsWith('/api/auth/')
}

/** The body as text with every secret-like value replaced. */
export function scrubbedBodyText(body: unknown): string {
  if (body === undefined || body === null) return ''
  const text = typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : null
  if (text === null) return safeJson(scrub(body))
  try {
    return safeJson(scrub(JSON.parse(text)))
  } catch {
    return text.replace(SECRET_IN_TEXT, `$1${REDACTED}`)
  }
}

/** A copy with secret-like keys' values replaced, walked with its own stack (never recursion). */
function scrub(root: unknown): unknown {
  if (!root || typeof root !== 'object') return root
  const copy: unknown = Array.isArray(root) ? [] : {}
  const pending: Array<{ from: object; to: Record<string, unknown> }> = [
    { from: root, to: copy as Record<string, unknown> },
  ]
  while (pending.length > 0) {
    const next = pending.pop()
    if (!next) break
    for (const [key, value] of Object.entries(next.from)) {
      if (SECRET_KEY.test(key) && !Array.isArray(next.from)) {
        next.to[key] = REDACTED
      } else if (value && typeof value === 'object') {
        const child = Array.isArray(value) ? [] : {}
        next.to[key] = child
        pending.push({ from: value, to: child as Record<string, unknown> })
      } else {
        next.to[key] = value
      }
    }
  }
  return copy
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? ''
  } catch {
    return ''
  }
}
