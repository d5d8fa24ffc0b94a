import { join } from 'node:path'
import type { FastifyInstance, FastifyServerOptions } from 'fastify'
import type PgBoss from 'pg-boss'
import { createApp, registerRoutes } from './app.ts'
import type { AppConfig } from './config/config.ts'
import type { Database } from './db/database.ts'
import type { Engine } from './engine/engine.ts'
import type { RegisteredRoute } from './http/access.ts'
import { consoleStream, loggerOptions } from './http/logger-options.ts'
import { BackupsService } from './modules/backups/backups.service.ts'
import type { ChangeBus } from './modules/events/change-bus.ts'
import type { EventStreamService } from './modules/events/event-stream.service.ts'
import { LogSink } from './modules/settings/log-sink.ts'
import { RateLimitingSetting } from './modules/settings/rate-limiting.ts'
import type { SessionTimeout } from './modules/settings/session-timeout.ts'
import type { SettingsService } from './modules/settings/settings.service.ts'
import { alertPortBeforeOutbox, wireAlerts } from './wiring/alerts.wiring.ts'
import { type Core, type CoreOptions, wireCore } from './wiring/core.wiring.ts'
import { openChangeBus, openJobQueue, wireEngine } from './wiring/engine.wiring.ts'
import { wireRouteServices } from './wiring/route-services.wiring.ts'
import { wireSettings } from './wiring/settings.wiring.ts'

export type { Core, CoreOptions }

/**
 * The one place the server is wired: database handles, provider clients, the token manager,
 * the engine, every service and the routes they serve. Each area is made by its wiring function
 * (server/src/wiring/); this file keeps only the order of assembly, each area handed what the
 * ones before it made. Everything else receives what it needs from here; nothing constructs its
 * own collaborators.
 */

export interface AppDeps {
  config: AppConfig
  database: Database
  /** The job queue; absent in tests that build the app alone (then there is no engine). */
  boss?: PgBoss
  logger?: FastifyServerOptions['logger']
  core?: CoreOptions
}

export interface BuiltApp {
  app: FastifyInstance
  sessionTimeout: SessionTimeout
  settings: SettingsService
  backups: BackupsService
  /** Where this process's log lines go: the console and, with file logging on, DATA_DIR/logs. */
  logSink: LogSink
  core: Core
  /** Present when a job queue was given: the caller starts it once the server listens. */
  engine?: Engine
  /** Every route registered, with its declared access: the permission matrix test walks it. */
  routes: RegisteredRoute[]
  /** Change announcements, across processes on PostgreSQL (GET /api/events). */
  changes: ChangeBus
  events: EventStreamService
}

export async function buildApp({
  config,
  database,
  boss,
  logger,
  core: options = {},
}: AppDeps): Promise<BuiltApp> {
  const logSink = new LogSink(consoleStream(config, logger), {
    dir: join(config.dataDir, 'logs'),
    name: `leadrelay-${config.port}`,
  })
  const { db } = database
  const rateLimiting = new RateLimitingSetting(db)
  const { app, routes } = await createApp(config, {
    logger: loggerOptions(config, logger, logSink),
    rateLimitingEnabled: () => rateLimiting.isEnabled(),
  })

  // Alerts are raised from everywhere through one port; the outbox behind it needs the job queue.
  const { alerts, recordThrough } = alertPortBeforeOutbox()
  const { core, box } = wireCore({ config, database, log: app.log, alerts, options })
  const changes = await openChangeBus(database, app)
  // The hub's one time source: sessions expire and the automation's steps fall due by it.
  const clock = options.clock ?? (() => new Date())
  const queue = openJobQueue(boss)
  const { jobs } = queue
  const isShared = database.kind === 'postgres'
  const { senders, jobParts: alertJobs } = await wireAlerts({
    app,
    config,
    db,
    box,
    isShared,
    jobs,
    changes,
    recordThrough,
    options: options.alerts,
  })
  // The Backup card's snapshots, and the scheduled backup job's.
  const backups = new BackupsService({ db, kind: database.kind, dataDir: config.dataDir, log: app.log })
  const { jobDeps, engine } = wireEngine({
    core,
    boss,
    queue,
    changes,
    clock,
    log: app.log,
    alertJobs,
    backups,
  })
  const { sessionTimeout, webhookSecret, settings } = await wireSettings({
    app,
    config,
    database,
    jobs,
    logSink,
    rateLimiting,
  })
  const services = wireRouteServices({
    app,
    database,
    core,
    box,
    jobs,
    jobDeps,
    engine,
    changes,
    clock,
    senders,
    settings,
    backups,
    sessionTimeout,
    webhookSecret,
    eventHeartbeatMs: options.eventHeartbeatMs,
  })
  await registerRoutes(app, config, services)
  const { events } = services
  return { app, routes, sessionTimeout, settings, backups, logSink, core, engine, changes, events }
}
