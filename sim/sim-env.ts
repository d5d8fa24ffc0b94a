import type { GhlSim } from './ghl/ghl-sim.ts'
import type { YelpSim } from './yelp/yelp-sim.ts'

/** docs/spec/product.md §5 variables that point the hub at the simulators, in the order they are printed. */
export const SANDBOX_ENV_NAMES = [
  'YELP_API_BASE',
  'YELP_AUTH_BASE',
  'YELP_PARTNER_BASE',
  'YELP_CLIENT_ID',
  'YELP_CLIENT_SECRET',
  'YELP_API_KEY',
  'GHL_API_BASE',
  'GHL_AUTH_BASE',
  'GHL_CLIENT_ID',
  'GHL_CLIENT_SECRET',
  'GHL_CONVERSATION_PROVIDER_ID',
  'GHL_WEBHOOK_PUBLIC_KEY',
  'GHL_WEBHOOK_RSA_PUBLIC_KEY',
] as const

export type SandboxEnvName = (typeof SANDBOX_ENV_NAMES)[number]
export type SandboxEnv = Partial<Record<SandboxEnvName, string>>

/**
 * The hub's environment for both simulators (they must be listening). The legacy RSA key
 * (`GHL_WEBHOOK_RSA_PUBLIC_KEY`, base64 SPKI like the Ed25519 one) is included only when the GHL
 * simulator sends `x-wh-signature`, so asking for it never costs an RSA key generation otherwise.
 */
export function sandboxEnv(yelp: Pick<YelpSim, 'env'>, ghl: Pick<GhlSim, 'env' | 'config' | 'publicKeys'>) {
  const env: Record<string, string> = { ...yelp.env(), ...ghl.env() }
  if (ghl.config.sendLegacyRsaSignature) env.GHL_WEBHOOK_RSA_PUBLIC_KEY = ghl.publicKeys.rsa.spkiBase64
  const ordered: SandboxEnv = {}
  for (const name of SANDBOX_ENV_NAMES) {
    const value = env[name]
    if (value !== undefined) ordered[name] = value
  }
  return ordered
}

/** `export NAME=value` lines a POSIX shell can paste (or `source`), one per variable. */
export function exportLines(env: Record<string, string | undefined>): string[] {
  return Object.entries(env)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `export ${name}=${shellQuote(value)}`)
}

/** Bare when only shell-safe characters (URLs, ids, base64); otherwise single-quoted. */
export function shellQuote(value: string): string {
  if (/^[\w@%+=:,./-]+$/.test(value)) return value
  return `'${value.replaceAll("'", `'\\''`)}'`
}
