import { describe, expect, it } from 'vitest'
import { createGhlSim } from './ghl/ghl-sim.ts'
import { exportLines, SANDBOX_ENV_NAMES, sandboxEnv, shellQuote } from './sim-env.ts'
import { createYelpSim } from './yelp/yelp-sim.ts'

describe('sandboxEnv', () => {
  it('gives every docs/spec/product.md §5 variable for both simulators, in order, with their values', async () => {
    const yelp = createYelpSim()
    const ghl = createGhlSim()
    await yelp.listen()
    await ghl.listen()
    try {
      const env = sandboxEnv(yelp, ghl)
      expect(Object.keys(env)).toEqual(SANDBOX_ENV_NAMES.filter((n) => n !== 'GHL_WEBHOOK_RSA_PUBLIC_KEY'))
      expect(env).toEqual({
        YELP_API_BASE: yelp.url,
        YELP_AUTH_BASE: yelp.url,
        YELP_PARTNER_BASE: yelp.url,
        YELP_CLIENT_ID: 'sim-yelp-client-id',
        YELP_CLIENT_SECRET: 'sim-yelp-client-secret',
        YELP_API_KEY: 'sim-yelp-api-key',
        GHL_API_BASE: ghl.url,
        GHL_AUTH_BASE: ghl.url,
        GHL_CLIENT_ID: 'ghl-sim-client-id',
        GHL_CLIENT_SECRET: 'ghl-sim-client-secret',
        GHL_CONVERSATION_PROVIDER_ID: '65f1a2b3c4d5e6f708192a3b',
        GHL_WEBHOOK_PUBLIC_KEY: ghl.publicKeys.ed25519.spkiBase64,
      })
      expect(env.YELP_API_BASE).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      // Base64 of the 44-byte Ed25519 SPKI, the form GHL publishes its key in.
      expect(Buffer.from(env.GHL_WEBHOOK_PUBLIC_KEY ?? '', 'base64')).toHaveLength(44)
    } finally {
      await yelp.close()
      await ghl.close()
    }
  })
})

describe('exportLines', () => {
  it.each([
    ['a URL stays bare', 'http://127.0.0.1:5101', 'export A=http://127.0.0.1:5101'],
    ['base64 stays bare', 'MCowBQYDK2VwAyEA+/9=', 'export A=MCowBQYDK2VwAyEA+/9='],
    ['spaces are quoted', 'two words', "export A='two words'"],
    ['a single quote is escaped', "it's", "export A='it'\\''s'"],
    ['empty is quoted', '', "export A=''"],
    ['$ and ` are not expanded', '$HOME`x`', "export A='$HOME`x`'"],
  ])('%s', (_name, value, line) => {
    expect(exportLines({ A: value })).toEqual([line])
  })

  it('keeps the order and skips undefined values', () => {
    expect(exportLines({ B: '1', A: undefined, C: '2' })).toEqual(['export B=1', 'export C=2'])
  })

  it('quoted values round-trip through a shell', async () => {
    const { execFileSync } = await import('node:child_process')
    const value = `a 'b' "c" $d \`e\``
    const out = execFileSync('sh', ['-c', `${exportLines({ X: value })[0]}; printf %s "$X"`]).toString()
    expect(out).toBe(value)
    expect(shellQuote(value)).not.toBe(value)
  })
})
