const SECRET_KEY = /token|secret|password|api_?key|authorization|^code$|cookie/i
const SECRET_QUERY = /token|secret|key|code|password/i
export const REDACTED = '[redacted]'

/** A copy of a JSON value with every secret-looking property replaced, at any depth. */
export function redactBody(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactBody)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, SECRET_KEY.test(key) ? REDACTED : redactBody(inner)]),
    )
  }
  return value
}

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, SECRET_KEY.test(name) ? REDACTED : value]),
  )
}

export function redactUrl(url: string): string {
  const parsed = new URL(url)
  for (const key of [...parsed.searchParams.keys()]) {
    if (SECRET_QUERY.test(key)) parsed.searchParams.set(key, REDACTED)
  }
  return parsed.toString()
}
