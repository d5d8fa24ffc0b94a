import { createHash, timingSafeEqual } from 'node:crypto'

/**
 * The one-time handshake (docs/providers/yelp.md §2): Yelp calls `GET <webhook>?verification=<string>` and
 * expects the string back. Returns it, or null when the parameter is missing or implausible.
 */
export function verificationChallenge(query: unknown): string | null {
  const verification = (query as Record<string, unknown> | null)?.verification
  if (typeof verification !== 'string' || verification.length === 0 || verification.length > 500) return null
  return verification
}

/**
 * Yelp documents no signature header (docs/providers/yelp.md §2 "Authenticity"), so deliveries carry the hub's
 * own shared secret: in the webhook URL's `secret` query parameter, or an `X-Webhook-Secret`
 * header (docs/spec/product.md §3).
 */
export function givenWebhookSecret(
  query: unknown,
  headers: Record<string, string | string[] | undefined>,
): string | undefined {
  const fromQuery = (query as Record<string, unknown> | null)?.secret
  const header = headers['x-webhook-secret']
  return typeof fromQuery === 'string' ? fromQuery : typeof header === 'string' ? header : undefined
}

/**
 * Constant-time in the secret: both sides are hashed to equal-length digests first, so neither
 * the comparison nor an early length mismatch tells a caller how close a guess came.
 */
export function webhookSecretMatches(expected: string, given: string | undefined): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(expected), digest(given ?? '')) && given !== undefined
}
