import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

const VERSION = 'v1'

/** A sealed value none of the configured keys opens (APP_SECRET changed, or a foreign backup). */
export class UnreadableSecretError extends Error {
  constructor() {
    super('Cannot decrypt a stored secret with any configured APP_SECRET')
    this.name = 'UnreadableSecretError'
  }
}

/**
 * AES-256-GCM for tokens and API keys at rest. The key is derived from APP_SECRET, so the
 * database alone reveals nothing; tampering with a stored value fails authentication.
 * Given several secrets (rotation, newest first), it seals with the first and opens with any.
 */
export class SecretBox {
  private readonly keys: Buffer[]

  constructor(appSecrets: string | readonly string[]) {
    const secrets = typeof appSecrets === 'string' ? [appSecrets] : appSecrets
    if (secrets.length === 0) throw new Error('SecretBox needs at least one secret')
    this.keys = secrets.map((secret) =>
      Buffer.from(hkdfSync('sha256', secret, 'leadrelay', 'token-encryption', 32)),
    )
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.keys[0] as Buffer, iv)
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
    return [
      VERSION,
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      data.toString('base64url'),
    ].join('.')
  }

  open(sealed: string): string {
    return this.openWithKeyIndex(sealed).plaintext
  }

  /** Opens with whichever key sealed it; `stale` when that was not the newest (re-seal it). */
  openRotating(sealed: string): { plaintext: string; stale: boolean } {
    const { plaintext, keyIndex } = this.openWithKeyIndex(sealed)
    return { plaintext, stale: keyIndex > 0 }
  }

  sealOptional(plaintext: string | null | undefined): string | null {
    return plaintext ? this.seal(plaintext) : null
  }

  openOptional(sealed: unknown): string | null {
    return typeof sealed === 'string' && sealed ? this.open(sealed) : null
  }

  private openWithKeyIndex(sealed: string): { plaintext: string; keyIndex: number } {
    const [version, iv, tag, data] = sealed.split('.')
    if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Not a sealed value')
    for (const [keyIndex, key] of this.keys.entries()) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
        decipher.setAuthTag(Buffer.from(tag, 'base64url'))
        const plaintext = Buffer.concat([
          decipher.update(Buffer.from(data, 'base64url')),
          decipher.final(),
        ]).toString('utf8')
        return { plaintext, keyIndex }
      } catch {
        // Not this key (GCM authentication failed): try the next one.
      }
    }
    throw new UnreadableSecretError()
  }
}
