import { z } from 'zod'

/**
 * An object schema that reads a `null` property as absent. Both vendors' docs rate several
 * field shapes "medium" or "low" (docs/providers/yelp.md §1, docs/providers/ghl.md §7/§9), and GHL writes `null` for unset
 * contact fields, so optional fields are parsed defensively rather than failing a whole lead.
 */
export function lenient<T extends z.ZodType>(schema: T) {
  return z.preprocess(dropNullProperties, schema)
}

function dropNullProperties(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value
  return Object.fromEntries(Object.entries(value).filter(([, inner]) => inner !== null))
}

/** The first issue of a failed parse, for an error message that says where the shape broke. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'unexpected shape'
  return `${issue.path.join('.') || '(root)'}: ${issue.message}`
}
