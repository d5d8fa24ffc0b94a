import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config/config.ts'
import { providerManifests } from './provider-manifests.ts'

const APP_SECRET = 'a'.repeat(32)
const publicKey = generateKeyPairSync('ed25519')
  .publicKey.export({ type: 'spki', format: 'der' })
  .toString('base64')

/** A value the env schema accepts for the key, and what config/ turns it into. */
function sample(envKey: string): [raw: string, parsed: unknown] {
  if (envKey.endsWith('_BASE')) return ['https://example.test/base', 'https://example.test/base']
  if (envKey.endsWith('_PER_SECOND') || envKey.endsWith('_MAX')) return ['7', 7]
  if (envKey.endsWith('_INTERVAL_MS')) return ['2000', 2000]
  // A comma-separated list of keys.
  if (envKey.includes('PUBLIC_KEY')) return [publicKey, [publicKey]]
  return [`value-of-${envKey}`, `value-of-${envKey}`]
}

const rows = Object.values(providerManifests).flatMap((manifest) =>
  Object.entries(manifest.envKeys).map(([setting, envKey]) => [manifest.provider, setting, envKey] as const),
)

describe('provider manifests', () => {
  it.each(rows)('%s.%s is configured by %s', (provider, setting, envKey) => {
    const [raw, parsed] = sample(envKey)
    const config = loadConfig({ APP_SECRET, [envKey]: raw })
    expect((config[provider] as Record<string, unknown>)[setting]).toEqual(parsed)
  })

  it.each([
    [{}, false],
    [{ CLIENT_ID: 'id' }, false],
    [{ CLIENT_SECRET: 'secret' }, false],
    [{ CLIENT_ID: 'id', CLIENT_SECRET: 'secret' }, true],
  ])('isConfigured with %o is %s for both providers', (settings, expected) => {
    for (const manifest of Object.values(providerManifests)) {
      const prefix = manifest.provider.toUpperCase()
      const env = Object.fromEntries(
        Object.entries(settings).map(([key, value]) => [`${prefix}_${key}`, value]),
      )
      expect(manifest.isConfigured(loadConfig({ APP_SECRET, ...env }))).toBe(expected)
    }
  })
})
