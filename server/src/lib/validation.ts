import type { z } from 'zod'
import { ValidationError } from './errors.ts'

/**
 * Parses request input with a `common/` schema. Failures become one 400 whose message names
 * each field: `{"error":"username: Username is required"}`.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  // No body at all reads as an empty object; a JSON `null` is a wrong body (docs/decisions/0016 §3).
  const result = schema.safeParse(input === undefined ? {} : input)
  if (result.success) return result.data
  throw new ValidationError(describeIssues(result.error.issues))
}

/** `field: problem; other.field: problem`, one problem per field, for any zod failure. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  // One problem per field: the first is the one to fix first (an empty id is "required", not also "malformed").
  const byField = new Map<string, string>()
  for (const issue of issues) {
    // A path segment can be a key of the caller's choosing: never echo more than a readable part.
    const field = issue.path.length ? issue.path.map((part) => String(part).slice(0, 100)).join('.') : 'body'
    if (!byField.has(field)) byField.set(field, issue.message)
  }
  return [...byField].map(([field, problem]) => `${field}: ${problem}`).join('; ')
}
