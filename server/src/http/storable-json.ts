/**
 * Request bodies that are logged as they came (webhook_logs.payload is jsonb). PostgreSQL can
 * store neither the character U+0000 in jsonb or text nor, therefore, a body that carries one:
 * such a body is refused as bad input (400, naming the problem) instead of failing the insert.
 */
import { exceedsJsonDepth, TOO_DEEP_MESSAGE } from './json-body.ts'

export type ParsedBody = { ok: true; value: unknown } | { ok: false; error: string }

export function parseStorableJson(text: string): ParsedBody {
  if (!text.trim()) return { ok: false, error: 'body: a JSON body is required' }
  if (exceedsJsonDepth(text)) return { ok: false, error: TOO_DEEP_MESSAGE }
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

/** Walks the parsed value with its own stack (never the call stack), keys and values alike. */
function holdsNul(root: unknown): boolean {
  const pending: unknown[] = [root]
  while (pending.length > 0) {
    const value = pending.pop()
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item)
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return true
        pending.push(item)
      }
    }
  }
  return false
}
