import type { FastifyInstance } from 'fastify'
import type PgBoss from 'pg-boss'
import type { Core } from '../../core.ts'
import type { AuthService } from '../auth/auth.service.ts'
import { registerCustomFieldRoutes } from '../custom-fields/custom-fields.routes.ts'
import { CustomFieldsService } from '../custom-fields/custom-fields.service.ts'
import { registerOAuthRoutes } from '../oauth/oauth.routes.ts'
import { OAuthService } from '../oauth/oauth.service.ts'
import { registerOnboardingRoutes } from '../onboarding/onboarding.routes.ts'
import { registerClientRoutes } from './clients.routes.ts'
import { ClientsService } from './clients.service.ts'

/** Wires clients, their connections (OAuth, keys, subscriptions), onboarding and custom fields. */
export function registerClientModules(
  app: FastifyInstance,
  core: Core,
  deps: { auth: AuthService; boss?: PgBoss },
): void {
  const { config, db, signer, box, tokens, subscriptions, ghlFields } = core
  registerClientRoutes(
    app,
    new ClientsService({
      db,
      baseUrl: config.baseUrl,
      signer,
      box,
      tokens,
      subscriptions,
      ghlFields,
      onConnected: async (clientId, provider) => {
        for (const listener of core.connectionListeners) {
          await listener(clientId, provider).catch((error) =>
            app.log.warn({ err: error, clientId }, 'connection listener failed'),
          )
        }
      },
    }),
  )
  registerCustomFieldRoutes(app, new CustomFieldsService({ db, box, tokens, ghlFields }))
  registerOnboardingRoutes(app, db, signer, config)
  registerOAuthRoutes(app, {
    db,
    signer,
    auth: deps.auth,
    oauth: new OAuthService(core, deps.boss, app.log),
  })
}
