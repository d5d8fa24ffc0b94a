import { z } from 'zod'
import { ValidationError } from './errors.ts'

// The opaque `cursor` of paged lists (docs/spec/product.md §6.1): the sort key of the last row sent,
// base64url JSON. `t` is the row's created_at as exact ISO text, `r` a source rank where two
// tables are merged, `i` its id.

const cursorSchema = z.object({
  t: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
  r: z.number().int().min(0).max(1).default(0),
  i: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
})
export type Keyset = z.infer<typeof cursorSchema>

export function encodeCursor(key: Keyset): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url')
}

/** A 400 naming `cursor` for anything this server did not hand out. */
export function decodeCursor(cursor: string): Keyset {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')))
    if (parsed.success) return parsed.data
  } catch {
    // Falls through to the 400 below.
  }
  throw new ValidationError('cursor: is not a valid cursor')
}
