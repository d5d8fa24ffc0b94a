import type { FastifyInstance } from 'fastify'
import type PgBoss from 'pg-boss'
import type { AppConfig } from '../../config/config.ts'
import type { DB } from '../../db/database.ts'
import { TokenManager } from '../../engine/token-manager.ts'
import { GhlCustomFieldsClient } from '../../integrations/ghl/ghl-custom-fields.client.ts'
import { GhlOAuth } from '../../integrations/ghl/ghl-oauth.ts'
import { ProviderHttp } from '../../integrations/http/provider-http.ts'
import { YelpOAuth } from '../../integrations/yelp/yelp-oauth.ts'
import { YelpSubscriptions } from '../../integrations/yelp/yelp-subscriptions.ts'
import { SecretBox } from '../../lib/secret-box.ts'
import { Signer } from '../../lib/signer.ts'
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
  deps: { config: AppConfig; db: DB; auth: AuthService; boss?: PgBoss },
): { tokens: TokenManager } {
  const { config, db } = deps
  const http = new ProviderHttp(db, app.log)
  const box = new SecretBox(config.appSecret)
  const signer = new Signer(config.appSecret)
  const yelpOAuth = new YelpOAuth(config, http)
  const ghlOAuth = new GhlOAuth(config, http)
  const tokens = new TokenManager(db, box, yelpOAuth, ghlOAuth)
  const ghlFields = new GhlCustomFieldsClient(config, http)
  const subscriptions = new YelpSubscriptions(config, http)

  registerClientRoutes(
    app,
    new ClientsService({ db, baseUrl: config.baseUrl, signer, box, tokens, subscriptions, ghlFields }),
  )
  registerCustomFieldRoutes(app, new CustomFieldsService({ db, box, tokens, ghlFields }))
  registerOnboardingRoutes(app, db, signer, config)
  registerOAuthRoutes(app, {
    db,
    signer,
    auth: deps.auth,
    oauth: new OAuthService(db, signer, yelpOAuth, ghlOAuth, tokens, deps.boss, app.log),
  })
  return { tokens }
}
