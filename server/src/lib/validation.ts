import type { z } from 'zod'
import { ValidationError } from './errors.ts'

/**
 * Parses request input with a `common/` schema. Failures become one 400 whose message names
 * each field: `{"error":"username: Username is required"}`.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {})
  if (result.success) return result.data
  const message = result.error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'body'}: ${issue.message}`)
    .join('; ')
  throw new ValidationError(message)
}
