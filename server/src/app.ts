import fastifyCookie from '@fastify/cookie'
import fastifyHelmet from '@fastify/helmet'
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify'
import type PgBoss from 'pg-boss'
import type { AppConfig } from './config/config.ts'
import { type Core, type CoreOptions, createCore } from './core.ts'
import type { Database } from './db/database.ts'
import { Engine } from './engine/engine.ts'
import { type RegisteredRoute, trackRouteAccess } from './http/access.ts'
import { installErrorHandler } from './http/error-handler.ts'
import { installGuard } from './http/guard.ts'
import { installRequestPolicy } from './http/request-policy.ts'
import { registerWebClient } from './http/web-client.ts'
import { registerAuditRoutes } from './modules/audit/audit.routes.ts'
import { registerAuthRoutes } from './modules/auth/auth.routes.ts'
import { AuthService } from './modules/auth/auth.service.ts'
import { registerClientModules } from './modules/clients/client-modules.ts'
import { visibleClientIds } from './modules/clients/client-scope.ts'
import { type ChangeBus, InProcessChangeBus } from './modules/events/change-bus.ts'
import { EventStreamService } from './modules/events/event-stream.service.ts'
import { registerEventRoutes } from './modules/events/events.routes.ts'
import { PostgresChangeBus } from './modules/events/postgres-change-bus.ts'
import { registerHealthRoutes } from './modules/health/health.routes.ts'
import { registerLeadRoutes } from './modules/inbox/leads.routes.ts'
import { LeadsService } from './modules/inbox/leads.service.ts'
import { registerEngineIngress } from './modules/jobs/engine-ingress.ts'
import { registerRolePermissionRoutes } from './modules/permissions/role-permissions.routes.ts'
import { RolePermissionsService } from './modules/permissions/role-permissions.service.ts'
import { SessionTimeout } from './modules/settings/session-timeout.ts'
import { registerUserRoutes } from './modules/users/users.routes.ts'
import { UsersService } from './modules/users/users.service.ts'

export interface AppDeps {
  config: AppConfig
  database: Database
  /** The job queue; absent in tests that build the app alone. */
  boss?: PgBoss
  logger?: FastifyServerOptions['logger']
  core?: CoreOptions
}

export interface BuiltApp {
  app: FastifyInstance
  sessionTimeout: SessionTimeout
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
  core: coreOptions,
}: AppDeps): Promise<BuiltApp> {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel ?? 'info',
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    // A 1 MB field must reach validation and get its 400, not a 413 from the parser.
    bodyLimit: 2 * 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    // One line per API call (below) instead of Fastify's two per request, assets included.
    logController: new LogController({ disableRequestLogging: true }),
  })
  const routes: RegisteredRoute[] = []
  trackRouteAccess(app, routes)
  installErrorHandler(app)

  await app.register(fastifyCookie)
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
    if (!request.url.startsWith('/api/')) return
    const line = `${request.method} ${request.url.split('?')[0]} ${reply.statusCode} ${Math.round(reply.elapsedTime)}ms`
    if (reply.statusCode === 500) request.log.error(line)
    else if (reply.statusCode >= 500) request.log.warn(line)
    else request.log.debug(line)
  })
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store')
  })
  installRequestPolicy(app, config.baseUrl)

  const sessionTimeout = new SessionTimeout(database.db)
  const auth = new AuthService(database.db, sessionTimeout)
  installGuard(app, auth)
  registerHealthRoutes(app, database, config)
  registerAuthRoutes(app, auth, config.isHttps)
  registerUserRoutes(app, new UsersService(database.db))
  const core = createCore(config, database.db, app.log, coreOptions)
  registerClientModules(app, core, { auth, boss })
  const changes = await openChangeBus(database, (error) =>
    app.log.warn({ err: error }, `change notifications: ${error.message}`),
  )
  app.addHook('onClose', async () => changes.close())
  const events = new EventStreamService(changes, (session) => visibleClientIds(database.db, session))
  registerEventRoutes(app, events)
  const engine = boss ? new Engine(boss, core, app.log, changes) : undefined
  registerLeadRoutes(
    app,
    new LeadsService({ db: database.db, boss, wake: (queue) => engine?.wake(queue), changes }),
  )
  if (boss && engine)
    await registerEngineIngress(app, {
      db: database.db,
      ingestDb: database.ingestDb,
      boss,
      engine,
      config,
      changes,
    })
  registerRolePermissionRoutes(app, new RolePermissionsService(database.db))
  registerAuditRoutes(app, database.db)
  await registerWebClient(app)
  return { app, routes, sessionTimeout, core, engine, changes, events }
}

/** Several processes share PostgreSQL, so changes travel by NOTIFY; PGlite has one process. */
async function openChangeBus(database: Database, onError: (error: Error) => void): Promise<ChangeBus> {
  if (database.kind !== 'postgres' || !database.url) return new InProcessChangeBus()
  const bus = new PostgresChangeBus(database.url, database.execute, onError)
  await bus.start()
  return bus
}
