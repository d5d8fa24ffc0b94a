import type { z } from 'zod'
import { ValidationError } from './errors.ts'

/**
 * Parses request input with a `common/` schema. Failures become one 400 whose message names
 * each field: `{"error":"username: Username is required"}`.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {})
  if (result.success) return result.data
  // One problem per field: the first is the one to fix first (an empty id is "required", not also "malformed").
  const byField = new Map<string, string>()
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.join('.') : 'body'
    if (!byField.has(field)) byField.set(field, issue.message)
  }
  const message = [...byField].map(([field, problem]) => `${field}: ${problem}`).join('; ')
  throw new ValidationError(message)
}
