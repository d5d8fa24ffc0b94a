import {
  APPLY_AT_NEXT_START,
  isSettingKey,
  SETTING_DEFAULTS,
  SETTING_KEYS,
  type Setting,
  type SettingKey,
  settingValueSchemas,
} from '@common/settings.ts'
import type { DB } from '../../db/database.ts'
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts'
import { type Actor, recordAudit } from '../../repositories/audit.repository.ts'
import {
  findBuiltInAdmin,
  notifySettingChanged,
  readAllSettings,
  readSetting,
  writeSetting,
} from '../../repositories/settings.repository.ts'
import { isUsernameTaken, updateUser } from '../../repositories/users.repository.ts'
import type { RateLimitingSetting } from './rate-limiting.ts'
import type { SettingsRuntime } from './settings-runtime.ts'

export interface SettingsServiceDeps {
  db: DB
  /** What this process runs with: the defaults of `port` and `baseUrl`, and LOG_LEVEL when set. */
  running: { port: number; baseUrl: string; logLevel?: string }
  /** Setting key → the environment variable that fixes it (config.pinnedSettings). */
  pinned: Partial<Record<SettingKey, string>>
  runtime: SettingsRuntime
  rateLimiting: RateLimitingSetting
}

const SECRET_MASK = '********'

/**
 * The eleven settings of docs/spec/dashboard-spec.md §2.13: listed with the §9 defaults, saved one key at a time with
 * the §5 rules, every change audited (old → new, the secret masked) and announced to every
 * process (settings-runtime.ts) so each one obeys it (docs/spec/product.md §2).
 */
export class SettingsService {
  constructor(private readonly deps: SettingsServiceDeps) {}

  async list(): Promise<Setting[]> {
    const saved = await readAllSettings(this.deps.db)
    const admin = await findBuiltInAdmin(this.deps.db)
    return SETTING_KEYS.map((key) => this.view(key, saved.get(key), admin?.username))
  }

  /** Validates and saves one setting; the answer is what `GET` now lists for it. */
  async update(key: string, rawValue: unknown, actor: Actor): Promise<Setting> {
    if (!isSettingKey(key)) throw new NotFoundError(`Unknown setting ${key}`)
    const parsed = settingValueSchemas[key].safeParse(rawValue)
    if (!parsed.success) {
      throw new ValidationError(`${key}: ${parsed.error.issues[0]?.message ?? 'invalid value'}`)
    }
    const value: unknown = parsed.data
    const pinnedBy = this.deps.pinned[key]
    if (pinnedBy) {
      throw new ConflictError(`${key} is set by the environment variable ${pinnedBy}; change it there`)
    }
    const { db } = this.deps
    await db.transaction(async (tx) => {
      const saved = await readSetting(tx, key)
      const previousAdmin = key === 'adminUsername' ? await findBuiltInAdmin(tx) : null
      // What was in force before (a default when never saved), as GET listed it.
      const before = key === 'webhookSecret' ? saved : this.view(key, saved, previousAdmin?.username).value
      if (key === 'adminUsername') await renameBuiltInAdmin(tx, value as string)
      await writeSetting(tx, key, value)
      await recordAudit(tx, actor, {
        action: 'setting.update',
        entityType: 'setting',
        entityId: key,
        before: { value: key === 'webhookSecret' ? mask(before) : before },
        after: { value: key === 'webhookSecret' ? mask(value) : value },
      })
      await notifySettingChanged(tx, key)
    })
    // This process obeys at once; the others when the notification reaches them.
    await this.deps.runtime.changed(key)
    const admin = key === 'adminUsername' ? { username: value as string } : await findBuiltInAdmin(db)
    return this.view(key, value, admin?.username)
  }

  /** For the rate limits of sign-in and the public endpoints: whether `rateLimiting` is on. */
  isRateLimitingEnabled(): Promise<boolean> {
    return this.deps.rateLimiting.isEnabled()
  }

  private view(key: SettingKey, saved: unknown, adminUsername: string | undefined): Setting {
    const { running, pinned } = this.deps
    const pinnedBy = pinned[key]
    switch (key) {
      case 'webhookSecret':
        return { key, value: null, configured: typeof saved === 'string' && saved.length > 0 }
      case 'port':
      case 'baseUrl': {
        const runningValue = running[key]
        const value = pinnedBy ? runningValue : ((saved as string | number | undefined) ?? runningValue)
        return {
          key,
          value,
          appliesAtNextStart: APPLY_AT_NEXT_START.includes(key),
          ...(value !== runningValue ? { runningValue } : {}),
          ...(pinnedBy ? { pinnedBy } : {}),
        }
      }
      case 'adminUsername':
        return { key, value: adminUsername ?? SETTING_DEFAULTS.adminUsername }
      case 'logLevel':
        if (pinnedBy && running.logLevel) return { key, value: running.logLevel, pinnedBy }
        return { key, value: (saved as string | undefined) ?? SETTING_DEFAULTS.logLevel }
      default: {
        const value = (saved ?? SETTING_DEFAULTS[key]) as Setting['value']
        return { key, value, ...(pinnedBy ? { pinnedBy } : {}) }
      }
    }
  }
}

function mask(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? SECRET_MASK : null
}

/** `adminUsername` renames the account the first start created (docs/spec/product.md §6.1). */
async function renameBuiltInAdmin(db: DB, username: string): Promise<void> {
  const admin = await findBuiltInAdmin(db)
  if (!admin) throw new ConflictError('adminUsername: the built-in administrator no longer exists')
  if (admin.username === username) return
  if (await isUsernameTaken(db, username, admin.id)) {
    throw new ConflictError(`adminUsername: the username ${username} is already taken`)
  }
  await updateUser(db, admin.id, { username })
}
