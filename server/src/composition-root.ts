import { join } from 'node:path'
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify'
import type PgBoss from 'pg-boss'
import { createApp, registerRoutes } from './app.ts'
import type { AppConfig } from './config/config.ts'
import { type Database, type DB, INGEST_POOL_SIZE } from './db/database.ts'
import type { Engine } from './engine/engine.ts'
import type { JobDeps } from './engine/jobs/job-definition.ts'
import { LeadEventRecorder } from './engine/lead-events/lead-event-recorder.ts'
import type { JobQueue } from './engine/queue/job-queue.ts'
import type { RegisteredRoute } from './http/access.ts'
import { consoleStream, loggerOptions } from './http/logger-options.ts'
import type { GhlOpportunitiesClient } from './integrations/ghl/ghl-opportunities.client.ts'
import { parsePublicKey } from './integrations/ghl/ghl-webhook-signature.ts'
import { AlertChannelsService } from './modules/alerts/alert-channels.service.ts'
import { AlertHistoryService } from './modules/alerts/alert-history.service.ts'
import { AuditService } from './modules/audit/audit.service.ts'
import { AuthService } from './modules/auth/auth.service.ts'
import { BackupsService } from './modules/backups/backups.service.ts'
import { visibleClientIds } from './modules/clients/client-scope.ts'
import { ClientsService } from './modules/clients/clients.service.ts'
import { CustomFieldsService } from './modules/custom-fields/custom-fields.service.ts'
import type { ChangeBus } from './modules/events/change-bus.ts'
import { EventStreamService } from './modules/events/event-stream.service.ts'
import { GhlWebhookService } from './modules/ghl-webhooks/ghl-webhook.service.ts'
import { HealthService } from './modules/health/health.service.ts'
import { AiDraftsService } from './modules/inbox/ai-drafts.service.ts'
import { LeadAutomationService } from './modules/inbox/lead-automation.service.ts'
import { LeadDutiesService } from './modules/inbox/lead-duties.service.ts'
import { LeadsService } from './modules/inbox/leads.service.ts'
import { EngineService } from './modules/jobs/engine.service.ts'
import { JobsService } from './modules/jobs/jobs.service.ts'
import { MessagesService } from './modules/messages/messages.service.ts'
import { MetricsService } from './modules/metrics/metrics.service.ts'
import { OAuthService } from './modules/oauth/oauth.service.ts'
import { OnboardingService } from './modules/onboarding/onboarding.service.ts'
import { RolePermissionsService } from './modules/permissions/role-permissions.service.ts'
import { PipelineService } from './modules/pipeline/pipeline.service.ts'
import { PlaybookService } from './modules/playbook/playbook.service.ts'
import { ReplyService } from './modules/replies/reply.service.ts'
import { RequestLogsService } from './modules/request-logs/request-logs.service.ts'
import { LogSink } from './modules/settings/log-sink.ts'
import { RateLimitingSetting } from './modules/settings/rate-limiting.ts'
import type { SessionTimeout } from './modules/settings/session-timeout.ts'
import type { SettingsService } from './modules/settings/settings.service.ts'
import type { WebhookSecret } from './modules/settings/webhook-secret.ts'
import { ClientStatsService } from './modules/stats/client-stats.service.ts'
import { StatsService } from './modules/stats/stats.service.ts'
import { UsersService } from './modules/users/users.service.ts'
import { YelpWebhookService } from './modules/webhooks/yelp-webhook.service.ts'
import { alertPortBeforeOutbox, wireAlerts } from './wiring/alerts.wiring.ts'
import { type Core, type CoreOptions, wireCore } from './wiring/core.wiring.ts'
import { openChangeBus, openJobQueue, wireEngine } from './wiring/engine.wiring.ts'
import { wireSettings } from './wiring/settings.wiring.ts'

export type { Core, CoreOptions }

/**
 * The one place the server is wired: database handles, provider clients, the token manager,
 * the engine, every service and the routes they serve. Everything else receives what it needs
 * from here; nothing constructs its own collaborators.
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
  const { db, ingestDb } = database
  const rateLimiting = new RateLimitingSetting(db)
  const { app, routes } = await createApp(config, {
    logger: loggerOptions(config, logger, logSink),
    rateLimitingEnabled: () => rateLimiting.isEnabled(),
  })

  // Alerts are raised from everywhere through one port; the outbox behind it needs the job queue.
  const { alerts, recordThrough } = alertPortBeforeOutbox()
  const { core, box } = wireCore({ config, database, log: app.log, alerts, options })
  const { signer, tokenStore, tokens, providers } = core
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
  const auth = new AuthService(db, sessionTimeout, clock)
  const events = new EventStreamService(changes, (session) => visibleClientIds(db, session), {
    recheck: (session) => auth.recheck(session),
    heartbeatMs: options.eventHeartbeatMs,
  })
  await registerRoutes(app, config, {
    health: new HealthService(database, config),
    auth,
    users: new UsersService(db),
    clients: new ClientsService({
      db,
      baseUrl: config.baseUrl,
      signer,
      tokenStore,
      tokens,
      subscriptions: core.subscriptions,
      ghlFields: core.ghlFields,
      onConnected: async (clientId, provider) => {
        for (const listener of core.connectionListeners) {
          await listener(clientId, provider).catch((error) =>
            app.log.warn({ err: error, clientId }, 'connection listener failed'),
          )
        }
      },
    }),
    customFields: new CustomFieldsService({ db, tokenStore, tokens, ghlFields: core.ghlFields }),
    onboarding: new OnboardingService(db, signer, config),
    oauth: new OAuthService(core, jobs, app.log),
    rolePermissions: new RolePermissionsService(db),
    audit: new AuditService(db),
    stats: new StatsService(db),
    clientStats: new ClientStatsService(db),
    messages: new MessagesService(db),
    requestLogs: new RequestLogsService(db),
    settings,
    backups,
    events,
    leads: new LeadsService({
      db,
      jobs,
      changes,
      leadEvents: jobs && new LeadEventRecorder({ jobs, alerts, changes, clock }),
    }),
    playbooks: new PlaybookService(db),
    leadAutomation: new LeadAutomationService({ db, jobs, changes, clock }),
    aiDrafts: new AiDraftsService({ db, writer: core.aiDrafts, changes }),
    leadDuties: new LeadDutiesService({ db, jobs, changes, sources: engine ? core.sources : undefined }),
    alertChannels: new AlertChannelsService({
      db,
      box,
      senders,
      baseUrl: config.baseUrl,
      hasSmtp: Boolean(config.smtp),
    }),
    alertHistory: new AlertHistoryService(db),
    metrics: new MetricsService(db),
    ingress:
      jobs && jobDeps
        ? ingressServices({
            config,
            db,
            ingestDb,
            jobs,
            jobDeps,
            log: app.log,
            webhookSecret,
            changes,
            opportunities: providers.ghl.opportunities,
          })
        : undefined,
  })
  return { app, routes, sessionTimeout, settings, backups, logSink, core, engine, changes, events }
}

/** The webhooks of both providers and the operators' engine actions: only with an engine. */
function ingressServices(deps: {
  config: AppConfig
  db: DB
  ingestDb: DB
  jobs: JobQueue
  jobDeps: JobDeps
  log: FastifyBaseLogger
  webhookSecret: WebhookSecret
  changes: ChangeBus
  opportunities: GhlOpportunitiesClient
}) {
  const { config, db, ingestDb, jobs, jobDeps, log, webhookSecret, changes, opportunities } = deps
  const keys = {
    ed25519: config.ghl.webhookPublicKeys.map(parsePublicKey),
    rsa: config.ghl.webhookRsaPublicKeys.map(parsePublicKey),
  }
  return {
    // PGlite has one connection: a second concurrent write would only queue behind the first.
    // PostgreSQL: leave one ingest connection for GHL's replies.
    webhooks: new YelpWebhookService(ingestDb, jobs, webhookSecret, {
      concurrentWrites: config.databaseUrl ? INGEST_POOL_SIZE - 1 : 1,
    }),
    replies: new ReplyService(ingestDb, jobs, keys, log),
    ghlWebhooks: new GhlWebhookService(ingestDb, keys, changes, new LeadEventRecorder(jobDeps), log),
    pipeline: new PipelineService({ db, ghl: opportunities, jobs }),
    engine: new EngineService(db, jobDeps),
    jobs: new JobsService(db, jobs),
    // A new webhook log entry (announced without a client: all-client users hear it).
    onWebhookLogged: () => changes.announce({ topic: 'logs' }),
  }
}
