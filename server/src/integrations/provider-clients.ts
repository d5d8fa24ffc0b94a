import type { FastifyBaseLogger } from 'fastify'
import type { AppConfig } from '../config/config.ts'
import type { TokenManager } from '../engine/token-manager.ts'
import { GhlClient } from './ghl/ghl-conversations.client.ts'
import { ProviderApi, type ProviderApiOptions } from './http/provider-api.ts'
import { ProviderHttp, type RecordProviderCall } from './http/provider-http.ts'
import { RateLimiter } from './http/rate-limiter.ts'
import { YelpLeadsClient } from './yelp/yelp-leads.client.ts'

/**
 * One per process: the provider limits (Yelp per endpoint, GHL per location) are shared by every
 * job this process runs, however many client sets are made.
 */
const processLimiter = new RateLimiter()

export interface ProviderClients {
  http: ProviderHttp
  api: ProviderApi
  yelpLeads: YelpLeadsClient
  ghl: GhlClient
}

/** The Yelp and GHL API clients the engine calls, over one logged, limited, retrying HTTP layer. */
export function createProviderClients(
  config: AppConfig,
  recordCall: RecordProviderCall,
  tokens: TokenManager,
  log?: FastifyBaseLogger,
  options: { api?: ProviderApiOptions; limiter?: RateLimiter } = {},
): ProviderClients {
  const http = new ProviderHttp(recordCall, log)
  const api = new ProviderApi(http, options.limiter ?? processLimiter, options.api)
  return {
    http,
    api,
    yelpLeads: new YelpLeadsClient(config, api, tokens),
    ghl: new GhlClient(config, api, tokens),
  }
}
