import type { FastifyInstance } from 'fastify'
import type { RouteServices } from '../app.ts'
import type { Database } from '../db/database.ts'
import type { Engine } from '../engine/engine.ts'
import type { JobDeps } from '../engine/jobs/job-definition.ts'
import { LeadEventRecorder } from '../engine/lead-events/lead-event-recorder.ts'
import type { JobQueue } from '../engine/queue/job-queue.ts'
import type { AlertSenders } from '../integrations/alerts/alert-senders.ts'
import type { SecretBox } from '../lib/secret-box.ts'
import { AlertChannelsService } from '../modules/alerts/alert-channels.service.ts'
import { AlertHistoryService } from '../modules/alerts/alert-history.service.ts'
import { AuditService } from '../modules/audit/audit.service.ts'
import { AuthService } from '../modules/auth/auth.service.ts'
import type { BackupsService } from '../modules/backups/backups.service.ts'
import { visibleClientIds } from '../modules/clients/client-scope.ts'
import { ClientsService } from '../modules/clients/clients.service.ts'
import { CustomFieldsService } from '../modules/custom-fields/custom-fields.service.ts'
import type { ChangeBus } from '../modules/events/change-bus.ts'
import { EventStreamService } from '../modules/events/event-stream.service.ts'
import { HealthService } from '../modules/health/health.service.ts'
import { AiDraftsService } from '../modules/inbox/ai-drafts.service.ts'
import { LeadAutomationService } from '../modules/inbox/lead-automation.service.ts'
import { LeadDutiesService } from '../modules/inbox/lead-duties.service.ts'
import { LeadsService } from '../modules/inbox/leads.service.ts'
import { MessagesService } from '../modules/messages/messages.service.ts'
import { MetricsService } from '../modules/metrics/metrics.service.ts'
import { OAuthService } from '../modules/oauth/oauth.service.ts'
import { OnboardingService } from '../modules/onboarding/onboarding.service.ts'
import { RolePermissionsService } from '../modules/permissions/role-permissions.service.ts'
import { PlaybookService } from '../modules/playbook/playbook.service.ts'
import { RequestLogsService } from '../modules/request-logs/request-logs.service.ts'
import type { SessionTimeout } from '../modules/settings/session-timeout.ts'
import type { SettingsService } from '../modules/settings/settings.service.ts'
import type { WebhookSecret } from '../modules/settings/webhook-secret.ts'
import { ClientStatsService } from '../modules/stats/client-stats.service.ts'
import { StatsService } from '../modules/stats/stats.service.ts'
import { UsersService } from '../modules/users/users.service.ts'
import type { Core } from './core.wiring.ts'
import { wireIngress } from './ingress.wiring.ts'

/** What the services behind the routes are made of: the parts the composition root built before. */
export interface ServiceParts {
  app: FastifyInstance
  database: Database
  core: Core
  box: SecretBox
  jobs: JobQueue | undefined
  jobDeps: JobDeps | undefined
  engine: Engine | undefined
  changes: ChangeBus
  clock: () => Date
  senders: AlertSenders
  settings: SettingsService
  backups: BackupsService
  sessionTimeout: SessionTimeout
  webhookSecret: WebhookSecret
  /** How often open event streams beat and re-check their session (CoreOptions). */
  eventHeartbeatMs: number | undefined
}

/** Every service behind the HTTP routes (app.ts registers one route file per service). */
export function wireRouteServices(parts: ServiceParts): RouteServices {
  const { app, database, core, box, jobs, jobDeps, engine, changes, clock, senders } = parts
  const { config, db, signer, tokenStore, tokens, providers } = core
  const auth = new AuthService(db, parts.sessionTimeout, clock)
  // One recorder for every service that changes a lead: the same reactions whoever changed it.
  const leadEvents = jobs && new LeadEventRecorder({ jobs, alerts: core.alerts, changes, clock })
  return {
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
    settings: parts.settings,
    backups: parts.backups,
    events: new EventStreamService(changes, (session) => visibleClientIds(db, session), {
      recheck: (session) => auth.recheck(session),
      heartbeatMs: parts.eventHeartbeatMs,
    }),
    leads: new LeadsService({ db, jobs, changes, leadEvents }),
    playbooks: new PlaybookService(db, changes),
    leadAutomation: new LeadAutomationService({ db, jobs, changes, clock }),
    aiDrafts: new AiDraftsService({ db, writer: core.aiDrafts, changes }),
    leadDuties: new LeadDutiesService({
      db,
      jobs,
      changes,
      sources: engine ? core.sources : undefined,
      leadEvents,
    }),
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
        ? wireIngress({
            config,
            db,
            ingestDb: database.ingestDb,
            jobs,
            jobDeps,
            log: app.log,
            webhookSecret: parts.webhookSecret,
            changes,
            opportunities: providers.ghl.opportunities,
          })
        : undefined,
  }
}
