import { z } from 'zod'
import { isAllowEntry } from '../integrations/http/outbound-target-policy.ts'

// GHL's published Ed25519 key for X-GHL-Signature (docs/providers/ghl.md §10).
export const GHL_PUBLISHED_ED25519_KEY = 'MCowBQYDK2VwAyEAi2HR1srL4o18O8BRa7gVJY7G7bupbN3H9AwJrHCDiOg='

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional()

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .transform((value) => value.replace(/\/+$/, ''))

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535')

/** The environment contract of docs/spec/product.md §5 (names are fixed; tests and operators rely on them). */
export const envSchema = z
  .object({
    PORT: port.default(5000),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    BASE_URL: httpUrl.optional(),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
    // A comma list rotates keys (docs/decisions/0016 §7): the first seals and signs, all of them open.
    APP_SECRET: optionalText.pipe(
      z
        .string()
        .superRefine((value, ctx) => {
          const keys = value.split(',').map((key) => key.trim())
          if (keys.length === 1 && value.length < 32)
            ctx.addIssue({ code: 'custom', message: 'must be at least 32 characters' })
          else if (keys.some((key) => key.length < 32))
            ctx.addIssue({ code: 'custom', message: 'each key must be at least 32 characters' })
        })
        .optional(),
    ),
    ADMIN_USERNAME: z.string().trim().min(3, 'must be at least 3 characters').default('admin'),
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
    YELP_CLIENT_ID: optionalText,
    YELP_CLIENT_SECRET: optionalText,
    YELP_API_KEY: optionalText,
    YELP_API_BASE: httpUrl.default('https://api.yelp.com'),
    YELP_AUTH_BASE: httpUrl.default('https://biz.yelp.com'),
    YELP_PARTNER_BASE: httpUrl.default('https://partner-api.yelp.com'),
    // Beyond docs/spec/product.md §5: Yelp allows 5 requests a second per endpoint and raises it on
    // request (docs/providers/yelp.md §1); a partner with a higher limit sets it here.
    YELP_RATE_LIMIT_PER_SECOND: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be between 1 and 1000')
      .max(1000, 'must be between 1 and 1000')
      .default(5),
    GHL_CLIENT_ID: optionalText,
    GHL_CLIENT_SECRET: optionalText,
    GHL_API_BASE: httpUrl.default('https://services.leadconnectorhq.com'),
    GHL_AUTH_BASE: httpUrl.default('https://marketplace.gohighlevel.com'),
    GHL_CONVERSATION_PROVIDER_ID: optionalText,
    // Beyond docs/spec/product.md §5: GHL's burst limit per location, 100 requests per 10 s
    // (docs/providers/ghl.md §10); an app GHL gave another limit sets it here.
    GHL_RATE_LIMIT_MAX: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be between 1 and 10000')
      .max(10_000, 'must be between 1 and 10000')
      .default(100),
    GHL_RATE_LIMIT_INTERVAL_MS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(100, 'must be between 100 and 3600000')
      .max(3_600_000, 'must be between 100 and 3600000')
      .default(10_000),
    // Several keys, comma-separated, are all accepted: a key rotation is not a wall of 401s.
    GHL_WEBHOOK_PUBLIC_KEY: z.string().trim().min(1).default(GHL_PUBLISHED_ED25519_KEY),
    // Beyond docs/spec/product.md §5: the legacy RSA key(s) for `x-wh-signature`, unset = legacy header refused.
    GHL_WEBHOOK_RSA_PUBLIC_KEY: optionalText,
    // Beyond docs/spec/product.md §5 (docs/decisions/0016 §5): whom to believe about the client's address in
    // X-Forwarded-For. Unset: nobody (the peer's address is used). `true`: the nearest proxy only (one hop);
    // a number: that many proxies; otherwise a comma list of proxy addresses or CIDR ranges.
    TRUST_PROXY: optionalText.pipe(
      z
        .string()
        .regex(
          /^(true|false|\d{1,2}|[0-9A-Fa-f:.]+(\/\d{1,3})?(\s*,\s*[0-9A-Fa-f:.]+(\/\d{1,3})?)*)$/,
          'must be true, false, a number of proxies, or a comma list of proxy addresses/CIDR ranges',
        )
        .optional(),
    ),
    LOG_LEVEL: optionalText.pipe(
      z.enum(['error', 'warn', 'info', 'debug'], 'must be one of error, warn, info, debug').optional(),
    ),
    // Beyond docs/spec/product.md §5: `json` for log collectors; unset = readable lines on a terminal,
    // JSON otherwise.
    LOG_FORMAT: optionalText.pipe(z.enum(['json', 'pretty'], 'must be json or pretty').optional()),
    // docs/spec/product.md §9.3: email alerts go through this server (smtp:// or smtps://, with its
    // user and password), from ALERT_EMAIL_FROM.
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    ALERT_EMAIL_FROM: optionalText.pipe(z.string().max(320, 'must be at most 320 characters').optional()),
    // docs/spec/product.md §9.7: when set, the only hosts, addresses or CIDRs alert targets may reach.
    ALERT_TARGET_ALLOW: optionalText.pipe(
      z
        .string()
        .refine(
          (value) => value.split(',').every((entry) => !entry.trim() || isAllowEntry(entry)),
          'must be a comma list of host names, addresses or CIDR ranges',
        )
        .optional(),
    ),
    // docs/spec/product.md §9.5: the bearer token of GET /metrics (unset: an admin session).
    METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    // docs/spec/product.md §9.6, §9.7: an OpenAI-compatible Chat Completions server for AI drafts.
    // AI_BASE_URL is the SDK's base URL, /v1 included; local servers need no AI_API_KEY.
    AI_BASE_URL: optionalText.pipe(httpUrl.optional()),
    AI_API_KEY: optionalText,
    AI_MODEL: optionalText.pipe(z.string().max(200, 'must be at most 200 characters').optional()),
    NODE_ENV: z.string().optional(),
  })
  .transform((env) => ({ ...env, BASE_URL: env.BASE_URL ?? `http://localhost:${env.PORT}` }))

export type Env = z.infer<typeof envSchema>
