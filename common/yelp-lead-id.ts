import { z } from 'zod'
import { MAX } from './text-bounds.ts'

/**
 * Yelp lead ids are URL-safe base64 strings (`LdX9k2mPq0`, 22-character base64url in practice).
 * A lead id becomes a segment of a provider path (`/v3/leads/{lead_id}/events`): `..`, `/`, `?`,
 * `#`, `%`, `\` or whitespace there would send the hub's token to another Yelp endpoint, so
 * anything outside that alphabet is refused where the id comes in.
 */
export const YELP_LEAD_ID_PATTERN = /^[A-Za-z0-9_=-]+$/

export function yelpLeadIdField(field: string) {
  return z
    .string({ error: `${field} is required` })
    .min(1, `${field} is required`)
    .max(MAX.providerId, `${field} must be at most ${MAX.providerId} characters`)
    .regex(YELP_LEAD_ID_PATTERN, `${field} must hold only letters, digits, "-", "_" and "="`)
}
