import { z } from 'zod'

// Wire pieces every domain's contracts share.

/** A timestamp as JSON carries it: `Date.prototype.toISOString()` (UTC, `Z`). */
export const isoTimestampSchema = z.iso.datetime()

/** The answer of a call whose only news is that it worked (deletes, logout, assignments). */
export const okResponseSchema = z.object({ ok: z.literal(true) })
export type OkResponse = z.infer<typeof okResponseSchema>
