import { randomBytes, randomUUID } from 'node:crypto'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** GHL record ids are 20-character alphanumeric strings (e.g. `sx6wyHhbFdRXh302LLNR` in contacts.json). */
export function ghlId(): string {
  const bytes = randomBytes(20)
  let id = ''
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length]
  return id
}

/** docs/providers/ghl.md: "Every response also carries a `traceId`". */
export function traceId(): string {
  return randomUUID()
}

/**
 * GHL tokens are JWTs (`"access_token": "eyJ...a"`, docs/providers/ghl.md §5). The simulator's look like one and
 * carry the real claims' spirit, but the signature is random: callers must treat them as opaque.
 */
export function jwtLikeToken(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ ...claims, jti: randomUUID() })}.${randomBytes(32).toString('base64url')}`
}

/** docs/providers/ghl.md §6: Private Integration Tokens look like `pit-<uuid>`. */
export function privateIntegrationToken(): string {
  return `pit-${randomUUID()}`
}
