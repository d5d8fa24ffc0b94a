import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'

/** HMAC-SHA256 signatures for onboarding links and OAuth states, keyed from APP_SECRET. */
export class Signer {
  private readonly key: Buffer

  constructor(appSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', appSecret, 'leadrelay', 'signing', 32))
  }

  sign(message: string): string {
    return createHmac('sha256', this.key).update(message).digest('base64url')
  }

  verify(message: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(message))
    const given = Buffer.from(signature)
    return expected.length === given.length && timingSafeEqual(expected, given)
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
