import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

const VERSION = 'v1'

/**
 * AES-256-GCM for tokens and API keys at rest. The key is derived from APP_SECRET, so the
 * database alone reveals nothing; tampering with a stored value fails authentication.
 */
export class SecretBox {
  private readonly key: Buffer

  constructor(appSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', appSecret, 'leadrelay', 'token-encryption', 32))
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.key, iv)
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
    return [
      VERSION,
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      data.toString('base64url'),
    ].join('.')
  }

  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.')
    if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Not a sealed value')
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')
  }

  sealOptional(plaintext: string | null | undefined): string | null {
    return plaintext ? this.seal(plaintext) : null
  }

  openOptional(sealed: unknown): string | null {
    return typeof sealed === 'string' && sealed ? this.open(sealed) : null
  }
}
