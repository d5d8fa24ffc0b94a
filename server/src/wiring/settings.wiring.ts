import type { LogLevel } from '@common/settings.ts'
import type { FastifyInstance } from 'fastify'
import type { AppConfig } from '../config/config.ts'
import type { Database } from '../db/database.ts'
import { listenForNotifications } from '../db/notifications.ts'
import type { JobQueue } from '../engine/queue/job-queue.ts'
import { registerBackupSchedule } from '../modules/backups/backup-schedule.ts'
import type { LogSink } from '../modules/settings/log-sink.ts'
import type { RateLimitingSetting } from '../modules/settings/rate-limiting.ts'
import { SessionTimeout } from '../modules/settings/session-timeout.ts'
import { SettingsService } from '../modules/settings/settings.service.ts'
import { SettingsRuntime } from '../modules/settings/settings-runtime.ts'
import { WebhookSecret } from '../modules/settings/webhook-secret.ts'
import { SETTINGS_CHANNEL } from '../repositories/settings.repository.ts'

/**
 * The settings that act on the running process (log level and file logging, the session
 * timeout, the webhook secret, rate limiting, the backup schedule): applied once at start, then
 * again whenever any process saves one.
 */
export async function wireSettings({
  app,
  config,
  database,
  jobs,
  logSink,
  rateLimiting,
}: {
  app: FastifyInstance
  config: AppConfig
  database: Database
  jobs: JobQueue | undefined
  logSink: LogSink
  rateLimiting: RateLimitingSetting
}): Promise<{ sessionTimeout: SessionTimeout; webhookSecret: WebhookSecret; settings: SettingsService }> {
  const { db } = database
  const sessionTimeout = new SessionTimeout(db)
  const webhookSecret = new WebhookSecret(db)
  const replanBackups = jobs
    ? await registerBackupSchedule(jobs, db, database.kind === 'postgres')
    : undefined
  const runtime = new SettingsRuntime({
    db,
    logger: app.log,
    sink: logSink,
    pinnedLogLevel: config.pinnedSettings.logLevel ? (config.logLevel as LogLevel) : undefined,
    webhookSecret,
    sessionTimeout,
    rateLimiting,
    onBackupFrequency: replanBackups,
  })
  const settings = new SettingsService({
    db,
    running: { port: config.port, baseUrl: config.baseUrl, logLevel: config.logLevel },
    pinned: config.pinnedSettings,
    runtime,
    rateLimiting,
  })
  await runtime.applyAll()
  // A setting saved by any process reaches this one at once (NOTIFY); the ten-second re-read of
  // the cached settings covers a moment when this listening connection is down.
  const stopListening = await listenForNotifications(
    database,
    SETTINGS_CHANNEL,
    (key) => {
      runtime
        .changed(key)
        .catch((error: Error) => app.log.error({ err: error }, `applying setting ${key} failed`))
    },
    (error) => app.log.warn(`settings notifications interrupted: ${error.message}`),
  )
  // The log sink closes last, once nothing can apply a setting to it any more.
  app.addHook('onClose', async () => {
    await stopListening()
    await logSink.close()
  })
  return { sessionTimeout, webhookSecret, settings }
}
