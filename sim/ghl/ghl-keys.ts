import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto'

export interface PublicKeyForms {
  /** SubjectPublicKeyInfo PEM, as `GHL_WEBHOOK_PUBLIC_KEY` accepts it. */
  pem: string
  /** The base64 of the DER SPKI, the form GHL publishes its Ed25519 key in (docs/providers/ghl.md §10). */
  spkiBase64: string
}

export interface GhlPublicKeys {
  ed25519: PublicKeyForms
  rsa: PublicKeyForms
}

/**
 * The simulator's own webhook signing keys: GHL's private keys are not ours, so the hub is pointed
 * at these public keys instead (docs/providers/ghl.md §10, docs/spec/product.md §5 `GHL_WEBHOOK_PUBLIC_KEY`). The Ed25519
 * pair is made at start. The RSA pair is made at start when legacy signing is on, otherwise the
 * first time its public key is asked for: RSA key generation costs 0.3–1 s of CPU, which every
 * test file would otherwise pay for a key it never uses.
 */
export class GhlSigningKeys {
  private readonly ed25519Private: KeyObject
  private readonly ed25519Public: PublicKeyForms
  private rsa: { privateKey: KeyObject; publicForms: PublicKeyForms } | null = null

  constructor(
    private readonly rsaModulusLength: number,
    eagerRsa: boolean,
  ) {
    const ed = generateKeyPairSync('ed25519')
    this.ed25519Private = ed.privateKey
    this.ed25519Public = forms(ed.publicKey)
    if (eagerRsa) this.rsaPair()
  }

  get publicKeys(): GhlPublicKeys {
    return { ed25519: this.ed25519Public, rsa: this.rsaPair().publicForms }
  }

  get ed25519PublicKey(): PublicKeyForms {
    return this.ed25519Public
  }

  /** The RSA public key if it exists yet, without paying for its generation. */
  get rsaPublicKeyIfMade(): PublicKeyForms | null {
    return this.rsa?.publicForms ?? null
  }

  /** `X-GHL-Signature`: base64 Ed25519 over the raw body bytes (docs/providers/ghl.md §10 "Current"). */
  signEd25519(rawBody: Buffer): string {
    return sign(null, rawBody, this.ed25519Private).toString('base64')
  }

  /** `x-wh-signature`: base64 RSA-SHA256 (PKCS#1 v1.5) of the body (docs/providers/ghl.md §10 "Legacy"). */
  signRsaSha256(rawBody: Buffer): string {
    return sign('sha256', rawBody, this.rsaPair().privateKey).toString('base64')
  }

  private rsaPair() {
    if (!this.rsa) {
      const pair = generateKeyPairSync('rsa', { modulusLength: this.rsaModulusLength })
      this.rsa = { privateKey: pair.privateKey, publicForms: forms(pair.publicKey) }
    }
    return this.rsa
  }
}

function forms(key: KeyObject): PublicKeyForms {
  return {
    pem: key.export({ type: 'spki', format: 'pem' }).toString(),
    spkiBase64: key.export({ type: 'spki', format: 'der' }).toString('base64'),
  }
}
