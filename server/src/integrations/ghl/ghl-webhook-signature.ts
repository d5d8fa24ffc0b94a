import { createPublicKey, createVerify, type KeyObject, verify } from 'node:crypto'

export type SignatureCheck = { ok: true; scheme: 'ed25519' | 'rsa' } | { ok: false; reason: string }

/** Reads a public key given as PEM or as base64 SPKI (the form GHL publishes, docs/providers/ghl.md §10). */
export function parsePublicKey(key: string): KeyObject {
  const trimmed = key.trim()
  if (trimmed.startsWith('-----BEGIN')) return createPublicKey(trimmed)
  return createPublicKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'spki' })
}

/** The keys a signature may verify with: several of each during a key rotation. */
export interface GhlWebhookKeys {
  ed25519: KeyObject[]
  rsa: KeyObject[]
}

/**
 * Verifies a GHL webhook over its raw bytes (never re-serialised JSON, docs/providers/ghl.md §10): the current
 * Ed25519 `X-GHL-Signature` first, else the legacy RSA-SHA256 `x-wh-signature` when its key is
 * configured. A signature that verifies with any configured key is GHL's. Anything else is refused.
 */
export function checkGhlSignature(
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  keys: GhlWebhookKeys,
): SignatureCheck {
  const current = header(headers, 'x-ghl-signature')
  if (current) {
    try {
      const signature = Buffer.from(current, 'base64')
      return keys.ed25519.some((key) => verify(null, rawBody, key, signature))
        ? { ok: true, scheme: 'ed25519' }
        : { ok: false, reason: 'X-GHL-Signature does not match the body' }
    } catch {
      return { ok: false, reason: 'X-GHL-Signature is malformed' }
    }
  }
  const legacy = header(headers, 'x-wh-signature')
  if (legacy) {
    if (!keys.rsa.length)
      return { ok: false, reason: 'x-wh-signature given but no legacy RSA key is configured' }
    try {
      return keys.rsa.some((key) => createVerify('SHA256').update(rawBody).verify(key, legacy, 'base64'))
        ? { ok: true, scheme: 'rsa' }
        : { ok: false, reason: 'x-wh-signature does not match the body' }
    } catch {
      return { ok: false, reason: 'x-wh-signature is malformed' }
    }
  }
  return { ok: false, reason: 'No X-GHL-Signature or x-wh-signature header' }
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}
