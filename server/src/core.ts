import type { FastifyBaseLogger } from 'fastify'
import type { AppConfig } from './config/config.ts'
import type { DB } from './db/database.ts'
import { TokenManager } from './engine/token-manager.ts'
import { GhlCustomFieldsClient } from './integrations/ghl/ghl-custom-fields.client.ts'
import { GhlOAuth } from './integrations/ghl/ghl-oauth.ts'
import type { ProviderApiOptions } from './integrations/http/provider-api.ts'
import { ProviderHttp } from './integrations/http/provider-http.ts'
import { createProviderClients, type ProviderClients } from './integrations/provider-clients.ts'
import { YelpOAuth } from './integrations/yelp/yelp-oauth.ts'
import { YelpSubscriptions } from './integrations/yelp/yelp-subscriptions.ts'
import { SecretBox } from './lib/secret-box.ts'
import { Signer } from './lib/signer.ts'

export type ConnectionListener = (clientId: string, provider: 'yelp' | 'ghl') => Promise<void>

/**
 * The services one process shares between its HTTP routes and its job workers. One of each:
 * the token manager's single-flight refreshes and the rate limiter only work per process.
 */
export interface Core {
  config: AppConfig
  db: DB
  box: SecretBox
  signer: Signer
  yelpOAuth: YelpOAuth
  ghlOAuth: GhlOAuth
  tokens: TokenManager
  ghlFields: GhlCustomFieldsClient
  subscriptions: YelpSubscriptions
  providers: ProviderClients
  /** Called after a client connects (or re-connects) a provider: parked jobs resume. */
  connectionListeners: ConnectionListener[]
  engineOptions: EngineOptions
}

/** How the engine reschedules a job after a transient provider failure (engine.ts). */
export interface EngineOptions {
  /** First rescheduling delay when the provider named none; doubles per attempt. */
  retryBaseMs?: number
  /** The longest rescheduling delay when the provider named none. */
  retryMaxMs?: number
}

/** What tests may tune: short provider timeouts instead of waiting out the production ones. */
export interface CoreOptions {
  providerApi?: ProviderApiOptions
  engine?: EngineOptions
}

export function createCore(
  config: AppConfig,
  db: DB,
  log?: FastifyBaseLogger,
  options: CoreOptions = {},
): Core {
  const http = new ProviderHttp(db, log)
  const box = new SecretBox(config.appSecret)
  const yelpOAuth = new YelpOAuth(config, http)
  const ghlOAuth = new GhlOAuth(config, http)
  const tokens = new TokenManager(db, box, yelpOAuth, ghlOAuth)
  return {
    config,
    db,
    box,
    signer: new Signer(config.appSecret),
    yelpOAuth,
    ghlOAuth,
    tokens,
    ghlFields: new GhlCustomFieldsClient(config, http),
    subscriptions: new YelpSubscriptions(config, http),
    providers: createProviderClients(config, db, tokens, log, { api: options.providerApi }),
    connectionListeners: [],
    engineOptions: options.engine ?? {},
  }
}
