import {
  isSettingKey,
  LOG_LEVELS,
  type LogLevel,
  SETTING_DEFAULTS,
  type SettingKey,
} from '@common/settings.ts'
import type { FastifyBaseLogger } from 'fastify'
import type { DB } from '../../db/database.ts'
import { readSetting } from '../../repositories/settings.repository.ts'
import type { LogSink } from './log-sink.ts'
import type { RateLimitingSetting } from './rate-limiting.ts'
import type { SessionTimeout } from './session-timeout.ts'
import type { WebhookSecret } from './webhook-secret.ts'

export interface SettingsRuntimeDeps {
  db: DB
  logger: FastifyBaseLogger
  sink: LogSink
  /** The level LOG_LEVEL fixes, when set: then the saved level is ignored. */
  pinnedLogLevel?: LogLevel
  webhookSecret: WebhookSecret
  sessionTimeout: SessionTimeout
  rateLimiting: RateLimitingSetting
  /** Re-plans the scheduled backup (only in processes that run the job queue). */
  onBackupFrequency?: () => Promise<void>
}

/**
 * What one process does when a setting changes, whichever process saved it (the saving process
 * calls `changed` at once; the others through the settings NOTIFY channel): hot-path caches are
 * dropped, the logger takes the new level, file logging opens or closes its file.
 */
export class SettingsRuntime {
  constructor(private readonly deps: SettingsRuntimeDeps) {}

  /** Applies what the database holds now: at start, and for a change announced on the channel. */
  async changed(key: string): Promise<void> {
    if (!isSettingKey(key)) return
    await this.apply(key)
  }

  async applyAll(): Promise<void> {
    await this.apply('logLevel')
    await this.apply('fileLogging')
  }

  private async apply(key: SettingKey): Promise<void> {
    const { deps } = this
    switch (key) {
      case 'webhookSecret':
        deps.webhookSecret.invalidate()
        return
      case 'sessionTimeout':
        deps.sessionTimeout.invalidate()
        return
      case 'rateLimiting':
        deps.rateLimiting.invalidate()
        return
      case 'logLevel': {
        if (deps.pinnedLogLevel) return
        const stored = await readSetting(deps.db, 'logLevel')
        // Never saved: the level the logger was started with stays (LOG_LEVEL's default, info).
        if (typeof stored === 'string' && (LOG_LEVELS as readonly string[]).includes(stored)) {
          deps.logger.level = stored
        }
        return
      }
      case 'fileLogging': {
        const stored = await readSetting(deps.db, 'fileLogging')
        await deps.sink.setFileLogging(typeof stored === 'boolean' ? stored : SETTING_DEFAULTS.fileLogging)
        return
      }
      case 'backupFrequency':
        await deps.onBackupFrequency?.()
        return
      default:
        return
    }
  }
}
