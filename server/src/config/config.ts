import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parsePublicKey } from '../integrations/ghl/ghl-webhook-signature.ts'
import { type Env, envSchema } from './env.schema.ts'

export interface AppConfig {
  port: number
  host: string
  baseUrl: string
  isHttps: boolean
  databaseUrl: string | undefined
  dataDir: string
  /** The key that seals and signs: the first of APP_SECRET's list. */
  appSecret: string
  /** Every key of APP_SECRET, newest first: each of them opens and verifies (key rotation). */
  appSecrets: string[]
  admin: { username: string; password: string | undefined }
  yelp: {
    clientId?: string
    clientSecret?: string
    apiKey?: string
    apiBase: string
    authBase: string
    partnerBase: string
    /** docs/providers/yelp.md §1 "Rate limit": requests per second per endpoint for the partner client (5). */
    rateLimitPerSecond: number
  }
  ghl: {
    clientId?: string
    clientSecret?: string
    apiBase: string
    authBase: string
    conversationProviderId?: string
    /** Every Ed25519 key a signature may verify with (GHL_WEBHOOK_PUBLIC_KEY, comma-separated). */
    webhookPublicKeys: string[]
    /** The legacy RSA keys (GHL_WEBHOOK_RSA_PUBLIC_KEY, comma-separated); none = header refused. */
    webhookRsaPublicKeys: string[]
    /** docs/providers/ghl.md §10: requests per interval per location (GHL_RATE_LIMIT_MAX, 100). */
    rateLimitMax: number
    /** The interval of that limit (GHL_RATE_LIMIT_INTERVAL_MS, 10 s). */
    rateLimitIntervalMs: number
  }
  /** Email alerts (docs/spec/product.md §9.3): unset, email channels cannot be created. */
  smtp: { url: string; from: string } | undefined
  /** docs/spec/product.md §9.7: ALERT_TARGET_ALLOW's entries; empty = any address but link-local and metadata. */
  alertTargetAllow: string[]
  /** docs/spec/product.md §9.5: the bearer of GET /metrics; unset, an admin session is needed. */
  metricsToken: string | undefined
  /** AI drafts (docs/spec/product.md §9.6): unset, every AI route answers 409 naming AI_BASE_URL. */
  ai: { baseUrl: string; apiKey: string | undefined; model: string } | undefined
  logLevel: Env['LOG_LEVEL']
  /** `pretty`: one readable line per entry, for a person at a terminal; `json`: for collectors. */
  logFormat: 'json' | 'pretty'
  /** Fastify's `trustProxy`: false unless TRUST_PROXY names the proxies to believe. */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean)
  /**
   * Settings an environment variable fixes (setting key → variable name): the variable wins over
   * the saved setting and the Settings screen says so (docs/spec/product.md §2, §5).
   */
  pinnedSettings: Partial<Record<'port' | 'baseUrl' | 'logLevel', string>>
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  }
}

/** Parses the environment once. The only place in the server that reads `process.env`. */
export function loadConfig(
  source: NodeJS.ProcessEnv = process.env,
  { isTerminal = process.stdout.isTTY === true }: { isTerminal?: boolean } = {},
): AppConfig {
  const parsed = envSchema.safeParse(source)
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`))
  }
  const env = parsed.data
  const webhookPublicKeys = keyList(env.GHL_WEBHOOK_PUBLIC_KEY)
  const webhookRsaPublicKeys = keyList(env.GHL_WEBHOOK_RSA_PUBLIC_KEY)
  const keyProblems = [
    ['GHL_WEBHOOK_PUBLIC_KEY', webhookPublicKeys],
    ['GHL_WEBHOOK_RSA_PUBLIC_KEY', webhookRsaPublicKeys],
  ].flatMap(([name, keys]) =>
    (keys as string[]).some((key) => !isPublicKey(key))
      ? [`${name}: must be public keys (PEM or base64 SPKI), separated by commas`]
      : [],
  )
  if (keyProblems.length) throw new ConfigError(keyProblems)
  // A model server without a model name would fail on every draft: say so at start instead.
  if (env.AI_BASE_URL && !env.AI_MODEL)
    throw new ConfigError(['AI_MODEL: is required when AI_BASE_URL is set (e.g. gpt-4o-mini or llama3.1)'])
  const dataDir = resolve(env.DATA_DIR)
  const appSecrets = (env.APP_SECRET ?? readOrCreateSecret(dataDir)).split(',').map((key) => key.trim())
  return {
    port: env.PORT,
    host: env.HOST,
    baseUrl: env.BASE_URL,
    isHttps: env.BASE_URL.startsWith('https://'),
    databaseUrl: env.DATABASE_URL,
    dataDir,
    appSecret: appSecrets[0] ?? '',
    appSecrets,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    admin: { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD },
    yelp: {
      clientId: env.YELP_CLIENT_ID,
      clientSecret: env.YELP_CLIENT_SECRET,
      apiKey: env.YELP_API_KEY,
      apiBase: env.YELP_API_BASE,
      authBase: env.YELP_AUTH_BASE,
      partnerBase: env.YELP_PARTNER_BASE,
      rateLimitPerSecond: env.YELP_RATE_LIMIT_PER_SECOND,
    },
    ghl: {
      clientId: env.GHL_CLIENT_ID,
      clientSecret: env.GHL_CLIENT_SECRET,
      apiBase: env.GHL_API_BASE,
      authBase: env.GHL_AUTH_BASE,
      conversationProviderId: env.GHL_CONVERSATION_PROVIDER_ID,
      webhookPublicKeys,
      webhookRsaPublicKeys,
      rateLimitMax: env.GHL_RATE_LIMIT_MAX,
      rateLimitIntervalMs: env.GHL_RATE_LIMIT_INTERVAL_MS,
    },
    smtp: env.SMTP_URL
      ? { url: env.SMTP_URL, from: env.ALERT_EMAIL_FROM ?? `LeadRelay <alerts@${hostOf(env.BASE_URL)}>` }
      : undefined,
    alertTargetAllow: keyList(env.ALERT_TARGET_ALLOW),
    metricsToken: env.METRICS_TOKEN,
    ai:
      env.AI_BASE_URL && env.AI_MODEL
        ? { baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL }
        : undefined,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT ?? (isTerminal ? 'pretty' : 'json'),
    pinnedSettings: pinnedSettings(source),
  }
}

function hostOf(url: string): string {
  return new URL(url).hostname || 'localhost'
}

function pinnedSettings(source: NodeJS.ProcessEnv): AppConfig['pinnedSettings'] {
  const isSet = (name: string) => (source[name] ?? '').trim() !== ''
  return {
    ...(isSet('PORT') ? { port: 'PORT' } : {}),
    ...(isSet('BASE_URL') ? { baseUrl: 'BASE_URL' } : {}),
    ...(isSet('LOG_LEVEL') ? { logLevel: 'LOG_LEVEL' } : {}),
  }
}

/**
 * Only where the database is (DATABASE_URL, or PGlite in DATA_DIR), for tools such as
 * `npm run restore` that must not create an APP_SECRET as a side effect.
 */
export function loadDatabaseTarget(source: NodeJS.ProcessEnv = process.env): {
  databaseUrl: string | undefined
  dataDir: string
  hasAppSecret: boolean
} {
  const parsed = envSchema.safeParse(source)
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`))
  }
  const dataDir = resolve(parsed.data.DATA_DIR)
  let hasAppSecret = parsed.data.APP_SECRET !== undefined
  try {
    hasAppSecret ||= readFileSync(join(dataDir, 'app-secret'), 'utf8').trim().length >= 32
  } catch {
    // No generated secret there yet.
  }
  return { databaseUrl: parsed.data.DATABASE_URL, dataDir, hasAppSecret }
}

// Generated once, then reused: it signs onboarding links and OAuth states and encrypts tokens
// at rest, so a new one on every start would orphan every stored token.
function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'app-secret')
  try {
    const existing = readFileSync(file, 'utf8').trim()
    if (existing.length >= 32) return existing
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  return secret
}

/** PEM and base64 hold no comma, so a comma separates keys. */
function keyList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean)
}

function isPublicKey(key: string): boolean {
  try {
    parsePublicKey(key)
    return true
  } catch {
    return false
  }
}

function parseTrustProxy(value: string | undefined): AppConfig['trustProxy'] {
  if (value === undefined || value === 'false') return false
  // `true` is the nearest proxy, one hop: Fastify's own `true` believes every hop, so a client
  // would pick its own address by writing entries in front of the proxy's in X-Forwarded-For.
  // A number of proxies: believe that many hops from our side (proxy-addr's hop count).
  const hops = value === 'true' ? 1 : /^\d+$/.test(value) ? Number(value) : null
  if (hops !== null) return (_address, hop) => hop < hops
  return value.split(',').map((entry) => entry.trim())
}
