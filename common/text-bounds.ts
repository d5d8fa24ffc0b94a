import { z } from 'zod'

// Every string the API accepts (docs/decisions/0016 §3) has a ceiling that fits its meaning, so no field can
// carry a megabyte into the database, a log line or a provider header. The ceilings:
export const MAX = {
  /** Our own ids (client ids) and provider ids (Yelp business, GHL location). */
  id: 64,
  providerId: 200,
  /** RFC 5321: an address is at most 254 characters. */
  email: 254,
  name: 200,
  /** Provider tokens and API keys (GHL's JWTs run to about 1.5 KB). */
  secret: 4096,
  /** A survey question, a field name, an option, a job type. */
  label: 500,
} as const

/** A required id of ours (URL-safe rules live with each schema). */
export function idField(field: string) {
  return z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(MAX.id, `${field} must be at most ${MAX.id} characters`)
}

/** An email that may be blank; the bound comes first so a long value is not also "invalid". */
export const emailField = z
  .string('Invalid email address')
  .max(MAX.email, `Email must be at most ${MAX.email} characters`)
  .pipe(z.union([z.literal(''), z.email('Invalid email address')]))

/**
 * An object of known boolean flags and nothing else: each unknown key is refused by name (cut to
 * a readable length, as a key may be as long as the body allows) and never reaches the output.
 */
export function flagsObject<F extends string>(flags: readonly F[]) {
  const shape = Object.fromEntries(
    flags.map((flag) => [flag, z.boolean('each permission must be true or false').optional()]),
  ) as Record<F, z.ZodOptional<z.ZodBoolean>>
  const known = new Set<string>(flags)
  return z
    .looseObject(shape, 'must be an object of permission flags')
    .superRefine((value, ctx) => {
      const unknown = Object.keys(value).filter((key) => !known.has(key))
      for (const key of unknown.slice(0, 5)) {
        const shown = key.length > 50 ? `${key.slice(0, 50)}…` : key
        ctx.addIssue({ code: 'custom', message: `unknown permission ${shown}`, path: [shown] })
      }
    })
    .transform(
      (value) =>
        Object.fromEntries(Object.entries(value).filter(([key]) => known.has(key))) as Partial<
          Record<F, boolean>
        >,
    )
}
