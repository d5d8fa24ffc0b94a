import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'

/**
 * HMAC-SHA256 signatures for onboarding links and OAuth states, keyed from APP_SECRET. Given
 * several secrets (rotation, newest first), it signs with the first and accepts any, so links
 * handed out before a rotation keep working.
 */
export class Signer {
  private readonly keys: Buffer[]

  constructor(appSecrets: string | readonly string[]) {
    const secrets = typeof appSecrets === 'string' ? [appSecrets] : appSecrets
    this.keys = secrets.map((secret) => Buffer.from(hkdfSync('sha256', secret, 'leadrelay', 'signing', 32)))
  }

  sign(message: string): string {
    return hmac(this.keys[0] as Buffer, message)
  }

  verify(message: string, signature: string): boolean {
    const given = Buffer.from(signature)
    let valid = false
    for (const key of this.keys) {
      const expected = Buffer.from(hmac(key, message))
      if (expected.length === given.length && timingSafeEqual(expected, given)) valid = true
    }
    return valid
  }

  /** `base64url(json).signature`: tamper-evident, readable by whoever holds it. */
  seal(payload: object): string {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url')
    return `${body}.${this.sign(body)}`
  }

  /** The payload of a sealed value, or null when it was not signed here or was altered. */
  unseal(token: string): unknown {
    const [body, signature, extra] = token.split('.')
    if (!body || !signature || extra !== undefined || !this.verify(body, signature)) return null
    try {
      return JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
    } catch {
      return null
    }
  }
}

function hmac(key: Buffer, message: string): string {
  return createHmac('sha256', key).update(message).digest('base64url')
}
