/**
 * Request bodies that are logged as they came (webhook_logs.payload is jsonb). PostgreSQL can
 * store neither the character U+0000 in jsonb or text nor, therefore, a body that carries one:
 * such a body is refused as bad input (400, naming the problem) instead of failing the insert.
 */
export type ParsedBody = { ok: true; value: unknown } | { ok: false; error: string }

export function parseStorableJson(text: string): ParsedBody {
  if (!text.trim()) return { ok: false, error: 'body: a JSON body is required' }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { ok: false, error: 'body: malformed JSON' }
  }
  if (holdsNul(value))
    return { ok: false, error: 'body: contains the character \\u0000, which is not accepted' }
  return { ok: true, value }
}

/** Text of a refused body, for its log row: cut to `max` characters, U+0000 shown as U+FFFD. */
export function storableRawText(text: string, max = 10_000): string {
  return text.slice(0, max).replaceAll('\u0000', '\uFFFD')
}

function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (Array.isArray(value)) return value.some(holdsNul)
  if (value && typeof value === 'object')
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item))
  return false
}
