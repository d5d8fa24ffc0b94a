import fastifyCookie from '@fastify/cookie'
import fastifyHelmet from '@fastify/helmet'
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify'
import type { AppConfig } from './config/config.ts'
import { type RegisteredRoute, trackRouteAccess } from './http/access.ts'
import { installErrorHandler } from './http/error-handler.ts'
import { installGuard } from './http/guard.ts'
import { BODY_LIMITS, installJsonBodyParser } from './http/json-body.ts'
import { loggerOptions } from './http/logger-options.ts'
import { installRateLimits } from './http/rate-limits.ts'
import { installRequestPolicy, isApiRequest } from './http/request-policy.ts'
import { registerWebClient } from './http/web-client.ts'
import type { AlertChannelsService } from './modules/alerts/alert-channels.service.ts'
import type { AlertHistoryService } from './modules/alerts/alert-history.service.ts'
import { registerAlertRoutes } from './modules/alerts/alerts.routes.ts'
import { registerAuditRoutes } from './modules/audit/audit.routes.ts'
import type { AuditService } from './modules/audit/audit.service.ts'
import { registerAuthRoutes } from './modules/auth/auth.routes.ts'
import type { AuthService } from './modules/auth/auth.service.ts'
import { registerBackupRoutes } from './modules/backups/backups.routes.ts'
import type { BackupsService } from './modules/backups/backups.service.ts'
import { registerClientRoutes } from './modules/clients/clients.routes.ts'
import type { ClientsService } from './modules/clients/clients.service.ts'
import { registerCustomFieldRoutes } from './modules/custom-fields/custom-fields.routes.ts'
import type { CustomFieldsService } from './modules/custom-fields/custom-fields.service.ts'
import type { EventStreamService } from './modules/events/event-stream.service.ts'
import { registerEventRoutes } from './modules/events/events.routes.ts'
import { registerGhlWebhookRoutes } from './modules/ghl-webhooks/ghl-webhook.routes.ts'
import type { GhlWebhookService } from './modules/ghl-webhooks/ghl-webhook.service.ts'
import { registerHealthRoutes } from './modules/health/health.routes.ts'
import type { HealthService } from './modules/health/health.service.ts'
import type { AiDraftsService } from './modules/inbox/ai-drafts.service.ts'
import { registerLeadAutomationRoutes } from './modules/inbox/lead-automation.routes.ts'
import type { LeadAutomationService } from './modules/inbox/lead-automation.service.ts'
import { registerLeadDutyRoutes } from './modules/inbox/lead-duties.routes.ts'
import type { LeadDutiesService } from './modules/inbox/lead-duties.service.ts'
import { registerLeadRoutes } from './modules/inbox/leads.routes.ts'
import type { LeadsService } from './modules/inbox/leads.service.ts'
import { registerEngineRoutes } from './modules/jobs/engine.routes.ts'
import type { EngineService } from './modules/jobs/engine.service.ts'
import { registerJobRoutes } from './modules/jobs/jobs.routes.ts'
import type { JobsService } from './modules/jobs/jobs.service.ts'
import { registerMessageRoutes } from './modules/messages/messages.routes.ts'
import type { MessagesService } from './modules/messages/messages.service.ts'
import { registerMetricsRoutes } from './modules/metrics/metrics.routes.ts'
import type { MetricsService } from './modules/metrics/metrics.service.ts'
import { registerOAuthRoutes } from './modules/oauth/oauth.routes.ts'
import type { OAuthService } from './modules/oauth/oauth.service.ts'
import { registerOnboardingRoutes } from './modules/onboarding/onboarding.routes.ts'
import type { OnboardingService } from './modules/onboarding/onboarding.service.ts'
import { registerRolePermissionRoutes } from './modules/permissions/role-permissions.routes.ts'
import type { RolePermissionsService } from './modules/permissions/role-permissions.service.ts'
import { registerPipelineRoutes } from './modules/pipeline/pipeline.routes.ts'
import type { PipelineService } from './modules/pipeline/pipeline.service.ts'
import { registerPlaybookRoutes } from './modules/playbook/playbook.routes.ts'
import type { PlaybookService } from './modules/playbook/playbook.service.ts'
import { registerReplyRoutes } from './modules/replies/reply.routes.ts'
import type { ReplyService } from './modules/replies/reply.service.ts'
import { registerRequestLogRoutes } from './modules/request-logs/request-logs.routes.ts'
import type { RequestLogsService } from './modules/request-logs/request-logs.service.ts'
import { registerSettingsRoutes } from './modules/settings/settings.routes.ts'
import type { SettingsService } from './modules/settings/settings.service.ts'
import { registerClientStatsRoutes } from './modules/stats/client-stats.routes.ts'
import type { ClientStatsService } from './modules/stats/client-stats.service.ts'
import { registerStatsRoutes } from './modules/stats/stats.routes.ts'
import type { StatsService } from './modules/stats/stats.service.ts'
import { registerUserRoutes } from './modules/users/users.routes.ts'
import type { UsersService } from './modules/users/users.service.ts'
import { registerTestWebhookRoutes } from './modules/webhooks/test-webhook.routes.ts'
import { registerYelpWebhookRoutes } from './modules/webhooks/yelp-webhook.routes.ts'
import type { YelpWebhookService } from './modules/webhooks/yelp-webhook.service.ts'

/** The services behind the routes; composition-root.ts builds them. */
export interface RouteServices {
  health: HealthService
  auth: AuthService
  users: UsersService
  clients: ClientsService
  customFields: CustomFieldsService
  onboarding: OnboardingService
  oauth: OAuthService
  rolePermissions: RolePermissionsService
  audit: AuditService
  stats: StatsService
  /** Cost per lead and response time per client (GET /api/stats/clients, docs/decisions/0014). */
  clientStats: ClientStatsService
  messages: MessagesService
  requestLogs: RequestLogsService
  settings: SettingsService
  backups: BackupsService
  /** Live change announcements (GET /api/events). */
  events: EventStreamService
  /** The Lead Inbox (GET/PATCH/POST /api/leads…). */
  leads: LeadsService
  /** Read receipts and replied marks on Yelp (docs/decisions/0012). */
  leadDuties: LeadDutiesService
  /** Each client's response playbook (docs/spec/product.md §9.2). */
  playbooks: PlaybookService
  /** A lead's automation history and drafts (docs/spec/product.md §9.2). */
  leadAutomation: LeadAutomationService
  /** Drafts written by the model (docs/spec/product.md §9.6). */
  aiDrafts: AiDraftsService
  /** Alert channels and the alert history (docs/spec/product.md §9.3). */
  alertChannels: AlertChannelsService
  alertHistory: AlertHistoryService
  /** GET /metrics (docs/spec/product.md §9.5). */
  metrics: MetricsService
  /** Present when this process runs the engine (it was given a job queue). */
  ingress?: IngressServices
}

/** Everything that feeds the engine: both providers' webhooks, and the operators' engine actions. */
export interface IngressServices {
  webhooks: YelpWebhookService
  replies: ReplyService
  /** GHL's app webhooks: opportunity moves (docs/spec/product.md §9.4). */
  ghlWebhooks: GhlWebhookService
  /** The GHL pipeline step and its backfill. */
  pipeline: PipelineService
  engine: EngineService
  jobs: JobsService
  /** A webhook delivery was logged (announced to the operators' open log screens). */
  onWebhookLogged: () => void
}

export interface AppPlumbing {
  logger?: FastifyServerOptions['logger']
  /** The `rateLimiting` setting: off lets every request past the limits of http/rate-limits.ts. */
  rateLimitingEnabled: () => Promise<boolean>
}

/**
 * The HTTP server without its routes: logging, body limits and the JSON parser, rate limits,
 * security headers, cookies, the error handler.
 */
export async function createApp(
  config: AppConfig,
  { logger, rateLimitingEnabled }: AppPlumbing,
): Promise<{ app: FastifyInstance; routes: RegisteredRoute[] }> {
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    // A 1 MB field still reaches validation and gets its 400 naming it; beyond the limit, 413.
    bodyLimit: BODY_LIMITS.api,
    // Path parameters reach their schemas, which name the one too long (a Yelp lead id may run to
    // MAX.providerId characters); Fastify's default of 100 would answer a bare 414 first.
    routerOptions: { maxParamLength: 256 },
    genReqId: () => crypto.randomUUID(),
    // request.ip (rate limits, audit entries) is the peer unless TRUST_PROXY says otherwise.
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    // One line per API call (below) instead of Fastify's two per request, assets included.
    logController: new LogController({ disableRequestLogging: true }),
  })
  const routes: RegisteredRoute[] = []
  trackRouteAccess(app, routes)
  installErrorHandler(app)
  installJsonBodyParser(app)

  await app.register(fastifyCookie)
  await installRateLimits(app, rateLimitingEnabled)
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Lead attachments are images on the providers' CDNs.
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: config.isHttps,
  })
  app.addHook('onResponse', async (request, reply) => {
    if (!isApiRequest(request)) return
    const line = `${request.method} ${request.url.split('?')[0]} ${reply.statusCode} ${Math.round(reply.elapsedTime)}ms`
    if (reply.statusCode === 500) request.log.error(line)
    else if (reply.statusCode >= 500) request.log.warn(line)
    else request.log.debug(line)
  })
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
    if (isApiRequest(request)) reply.header('cache-control', 'no-store')
  })
  installRequestPolicy(app, config.baseUrl)

  return { app, routes }
}

/** The guard, then every route of the API, the webhooks and the web client. */
export async function registerRoutes(
  app: FastifyInstance,
  config: AppConfig,
  services: RouteServices,
): Promise<void> {
  installGuard(app, services.auth)
  registerHealthRoutes(app, services.health)
  registerAuthRoutes(app, services.auth, config.isHttps)
  registerUserRoutes(app, services.users)
  registerClientRoutes(app, services.clients)
  registerCustomFieldRoutes(app, services.customFields)
  registerOnboardingRoutes(app, services.onboarding)
  registerOAuthRoutes(app, { auth: services.auth, oauth: services.oauth })
  registerEventRoutes(app, services.events)
  registerLeadRoutes(app, services.leads)
  registerLeadDutyRoutes(app, services.leadDuties)
  registerPlaybookRoutes(app, services.playbooks)
  registerLeadAutomationRoutes(app, services.leadAutomation, services.aiDrafts)
  registerAlertRoutes(app, { channels: services.alertChannels, history: services.alertHistory })
  registerMetricsRoutes(app, {
    metrics: services.metrics,
    auth: services.auth,
    metricsToken: config.metricsToken,
  })
  const ingress = services.ingress
  if (ingress) {
    await registerYelpWebhookRoutes(app, ingress.webhooks, ingress.onWebhookLogged)
    registerTestWebhookRoutes(app, ingress.webhooks, ingress.onWebhookLogged)
    await registerReplyRoutes(app, ingress.replies)
    await registerGhlWebhookRoutes(app, ingress.ghlWebhooks)
    registerPipelineRoutes(app, ingress.pipeline)
    registerEngineRoutes(app, ingress.engine)
    registerJobRoutes(app, ingress.jobs)
  }
  registerRolePermissionRoutes(app, services.rolePermissions)
  registerAuditRoutes(app, services.audit)
  registerStatsRoutes(app, services.stats)
  registerClientStatsRoutes(app, services.clientStats)
  registerMessageRoutes(app, services.messages)
  registerRequestLogRoutes(app, services.requestLogs)
  registerSettingsRoutes(app, services.settings)
  registerBackupRoutes(app, services.backups)
  await registerWebClient(app)
}
