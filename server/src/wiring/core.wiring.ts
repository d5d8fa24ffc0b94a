import type { FastifyBaseLogger } from 'fastify'
import type { AppConfig } from '../config/config.ts'
import type { Database, DB } from '../db/database.ts'
import { AiDraftWriter } from '../engine/ai/ai-draft-writer.ts'
import type { AlertDeliveryOptions } from '../engine/alerts/alert-delivery-handler.ts'
import { needsReauthAlert } from '../engine/alerts/alert-events.ts'
import type { AlertPort } from '../engine/alerts/alert-port.ts'
import type { ConnectionListener, EngineOptions } from '../engine/engine.ts'
import type { LeadSource } from '../engine/sources/lead-source.ts'
import { createLeadSources, type LeadSources } from '../engine/sources/sources.ts'
import { AiChatClient, type AiChatOptions } from '../integrations/ai/ai-chat.client.ts'
import { GhlCustomFieldsClient } from '../integrations/ghl/ghl-custom-fields.client.ts'
import { GhlOAuth } from '../integrations/ghl/ghl-oauth.ts'
import type { ProviderApiOptions } from '../integrations/http/provider-api.ts'
import { ProviderHttp } from '../integrations/http/provider-http.ts'
import { TokenManager } from '../integrations/oauth/token-manager.ts'
import { createProviderClients, type ProviderClients } from '../integrations/provider-clients.ts'
import { YelpOAuth } from '../integrations/yelp/yelp-oauth.ts'
import { YelpSubscriptions } from '../integrations/yelp/yelp-subscriptions.ts'
import { SecretBox } from '../lib/secret-box.ts'
import { Signer } from '../lib/signer.ts'
import { ApiRequestLogStore } from '../repositories/api-request-logs.repository.ts'
import { ProviderAlertStore } from '../repositories/provider-alerts.repository.ts'
import { CredentialLeaseStore, ProviderTokensStore } from '../repositories/provider-tokens.store.ts'
import { RateBudgetStore } from '../repositories/rate-budget.repository.ts'

/**
 * The parts one process shares between its HTTP routes and its job workers. One of each: the
 * token manager's single-flight refreshes and the rate limiter's priorities work per process
 * (the limits themselves are shared through the database on PostgreSQL).
 */
export interface Core {
  config: AppConfig
  db: DB
  /** Stored connections' secrets: the only reader of sealed tokens and the location API key. */
  tokenStore: ProviderTokensStore
  signer: Signer
  yelpOAuth: YelpOAuth
  ghlOAuth: GhlOAuth
  tokens: TokenManager
  ghlFields: GhlCustomFieldsClient
  subscriptions: YelpSubscriptions
  providers: ProviderClients
  /** The lead sources (engine/sources/sources.ts), each over its provider client. */
  sources: LeadSources
  /** Called after a client connects (or re-connects) a provider: parked jobs resume. */
  connectionListeners: ConnectionListener[]
  engineOptions: EngineOptions
  /** Where alerts are raised (docs/spec/product.md §9.3). */
  alerts: AlertPort
  /** Drafts written by the model (docs/spec/product.md §9.6); absent without AI_BASE_URL. */
  aiDrafts: AiDraftWriter | undefined
}

/** What tests may tune: short provider timeouts instead of waiting out the production ones. */
export interface CoreOptions {
  providerApi?: ProviderApiOptions
  engine?: EngineOptions
  /** The hub's clock: sessions expire and automation steps fall due by it; a test moves it instead of waiting. */
  clock?: () => Date
  /** How often open event streams beat and re-check their session (25 s by default). */
  eventHeartbeatMs?: number
  /** Alert delivery retries and claims, shortened by tests. */
  alerts?: AlertDeliveryOptions
  /** The model's answer time (20 s in production), shortened by tests. */
  ai?: AiChatOptions
  /** Sources beside the registered ones: a test's own fake source. */
  extraSources?: LeadSource[]
}

/**
 * Providers: one HTTP layer (rate limits, call log), OAuth, the token manager, the clients and
 * the lead sources over them. Also returns the box that seals secrets, which the alert channels
 * use too.
 */
export function wireCore({
  config,
  database,
  log,
  alerts,
  options,
}: {
  config: AppConfig
  database: Database
  log: FastifyBaseLogger
  alerts: AlertPort
  options: CoreOptions
}): { core: Core; box: SecretBox } {
  const { db } = database
  const requestLog = new ApiRequestLogStore(db)
  const http = new ProviderHttp(requestLog, log)
  // Every key of APP_SECRET opens and verifies; the first seals and signs (key rotation).
  const box = new SecretBox(config.appSecrets)
  const signer = new Signer(config.appSecrets)
  const yelpOAuth = new YelpOAuth(config, http)
  const ghlOAuth = new GhlOAuth(config, http)
  const tokenStore = new ProviderTokensStore(db, box)
  const tokens = new TokenManager(
    tokenStore,
    new CredentialLeaseStore(db),
    box,
    yelpOAuth,
    ghlOAuth,
    new ProviderAlertStore(db),
    (provider, clientId, reason) => alerts.raise(needsReauthAlert(provider, clientId, reason)),
  )
  // On PostgreSQL several processes share the providers' limits through the database
  // (docs/decisions/0015); PGlite has one process, whose own limiter is the whole budget.
  const providers = createProviderClients(config, requestLog, tokens, log, {
    api: options.providerApi,
    ...(database.kind === 'postgres' ? { sharedBudget: new RateBudgetStore(db) } : {}),
  })
  const core: Core = {
    config,
    db,
    tokenStore,
    signer,
    yelpOAuth,
    ghlOAuth,
    tokens,
    ghlFields: new GhlCustomFieldsClient(config, providers.api),
    subscriptions: new YelpSubscriptions(config, providers.api),
    providers,
    sources: createLeadSources(providers, options.extraSources),
    connectionListeners: [],
    engineOptions: options.engine ?? {},
    alerts,
    // Its calls are logged like a provider's (platform `ai`), in the same request log.
    aiDrafts: config.ai
      ? new AiDraftWriter(db, new AiChatClient(config.ai, requestLog, options.ai))
      : undefined,
  }
  return { core, box }
}
