import { z } from 'zod'

// The eleven settings of docs/spec/dashboard-spec.md §2.13 / §3.2 with the §5 messages and the §9 defaults. The server
// validates `PUT /api/settings/{key}` with these value schemas and the Settings form uses the same
// ones, so a value the form accepts is a value the server accepts (docs/spec/product.md §6.1).

export const SETTING_KEYS = [
  'port',
  'baseUrl',
  'webhookSecret',
  'adminUsername',
  'sessionTimeout',
  'rateLimiting',
  'logLevel',
  'logRetention',
  'fileLogging',
  'backupFrequency',
  'backupLocation',
] as const
export type SettingKey = (typeof SETTING_KEYS)[number]

export function isSettingKey(key: string): key is SettingKey {
  return (SETTING_KEYS as readonly string[]).includes(key)
}

export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]
export const BACKUP_FREQUENCIES = ['hourly', 'daily', 'weekly'] as const
export type BackupFrequency = (typeof BACKUP_FREQUENCIES)[number]

/** Empty input (`""`, null, missing) is the "… is required" case of docs/spec/dashboard-spec.md §5. */
function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
}

/** A whole number, given as a JSON number or as digits (form inputs hold text). */
function wholeNumber(required: string, range: { min: number; max: number; message: string }) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      if (isBlank(value)) ctx.addIssue({ code: 'custom', message: required })
    })
    .transform((value) => (typeof value === 'string' ? Number(value.trim()) : value))
    .pipe(
      z.number(range.message).int(range.message).min(range.min, range.message).max(range.max, range.message),
    )
}

function requiredText(required: string, max = 500) {
  return z.string(required).trim().min(1, required).max(max, `Must be at most ${max} characters`)
}

function choice<const T extends readonly [string, ...string[]]>(options: T, required: string) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      if (isBlank(value)) ctx.addIssue({ code: 'custom', message: required })
    })
    .pipe(z.enum(options, `Must be one of ${options.join(', ')}`))
}

const baseUrl = z
  .unknown()
  .pipe(z.string('Must be a valid URL').trim())
  .pipe(z.url({ protocol: /^https?$/, error: 'Must be a valid URL' }))
  .transform((value) => value.replace(/\/+$/, ''))

/** Per key: what `PUT /api/settings/{key}` accepts as `value`, with the docs/spec/dashboard-spec.md §5 messages. */
export const settingValueSchemas = {
  port: wholeNumber('Port is required', { min: 1, max: 65535, message: 'Port must be between 1 and 65535' }),
  baseUrl,
  // null clears the secret (webhooks are then accepted without one).
  webhookSecret: z
    .string('Webhook secret must be at least 8 characters')
    .min(8, 'Webhook secret must be at least 8 characters')
    .max(500, 'Must be at most 500 characters')
    .nullable(),
  adminUsername: requiredText('Admin username is required', 100).pipe(
    z.string().min(3, 'Username must be at least 3 characters'),
  ),
  sessionTimeout: wholeNumber('Session timeout is required', {
    min: 1,
    max: 43_200,
    message: 'Session timeout must be between 1 and 43200 minutes',
  }),
  rateLimiting: z.boolean('Rate limiting must be true or false'),
  logLevel: choice(LOG_LEVELS, 'Log level is required'),
  logRetention: wholeNumber('Log retention is required', {
    min: 1,
    max: 3650,
    message: 'Log retention must be between 1 and 3650 days',
  }),
  fileLogging: z.boolean('File logging must be true or false'),
  backupFrequency: choice(BACKUP_FREQUENCIES, 'Backup frequency is required'),
  backupLocation: requiredText('Backup location is required', 1000),
} satisfies Record<SettingKey, z.ZodType>

export interface SettingValues {
  port: number
  baseUrl: string
  webhookSecret: string | null
  adminUsername: string
  sessionTimeout: number
  rateLimiting: boolean
  logLevel: LogLevel
  logRetention: number
  fileLogging: boolean
  backupFrequency: BackupFrequency
  backupLocation: string
}

/**
 * docs/spec/dashboard-spec.md §9 defaults. `port` and `baseUrl` default to the running PORT and BASE_URL instead
 * (docs/spec/product.md §6.1), so the server fills those two in.
 */
export const SETTING_DEFAULTS: Omit<SettingValues, 'port' | 'baseUrl'> = {
  webhookSecret: null,
  adminUsername: 'admin',
  sessionTimeout: 30,
  rateLimiting: true,
  logLevel: 'info',
  logRetention: 30,
  fileLogging: true,
  backupFrequency: 'daily',
  backupLocation: './backups',
}

/** Settings the server reads only when it starts (the UI marks them 'Applies at next start'). */
export const APPLY_AT_NEXT_START: readonly SettingKey[] = ['port', 'baseUrl']

/** The body of `PUT /api/settings/{key}`. */
export const settingUpdateBodySchema = z.object({ value: z.unknown() })

/** One setting as `GET /api/settings` lists it and `PUT` answers. */
export const settingSchema = z.object({
  key: z.enum(SETTING_KEYS),
  /** For `webhookSecret` always null: the secret never leaves the server. */
  value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  /** Only on `webhookSecret`: whether one is set. */
  configured: z.boolean().optional(),
  /** The environment variable that fixes this setting; it wins over the saved value. */
  pinnedBy: z.string().optional(),
  /** Port and base URL: saved, read at the next start. */
  appliesAtNextStart: z.boolean().optional(),
  /** For settings read at start: the value the running server uses, when it differs. */
  runningValue: z.union([z.string(), z.number()]).optional(),
})
export type Setting = z.infer<typeof settingSchema>
export const settingsListSchema = z.array(settingSchema)

/** The Settings form (docs/spec/dashboard-spec.md §2.13): every field with the server's rules; the secret may stay blank. */
export const settingsFormSchema = z.object({
  port: settingValueSchemas.port,
  baseUrl: settingValueSchemas.baseUrl,
  // Blank means "keep the current secret": the server never tells the form what it is.
  webhookSecret: z.union([z.literal(''), z.string().min(8, 'Webhook secret must be at least 8 characters')]),
  adminUsername: settingValueSchemas.adminUsername,
  sessionTimeout: settingValueSchemas.sessionTimeout,
  rateLimiting: z.boolean(),
  logLevel: settingValueSchemas.logLevel,
  logRetention: settingValueSchemas.logRetention,
  fileLogging: z.boolean(),
  backupFrequency: settingValueSchemas.backupFrequency,
  backupLocation: settingValueSchemas.backupLocation,
})
export type SettingsFormInput = z.input<typeof settingsFormSchema>
export type SettingsFormValues = z.output<typeof settingsFormSchema>

// Backups (docs/spec/dashboard-spec.md §3.2 "Backup response", docs/spec/product.md §6.1).
export const backupResultSchema = z.object({ backupFile: z.string() })
export type BackupResult = z.infer<typeof backupResultSchema>

/** Beyond docs/spec/product.md §6.1: `GET /api/backups`, the recent backups the Backup card lists. */
export const backupEntrySchema = z.object({
  file: z.string(),
  name: z.string(),
  sizeBytes: z.number(),
  createdAt: z.string(),
})
export type BackupEntry = z.infer<typeof backupEntrySchema>
export const backupListSchema = z.array(backupEntrySchema)
