import type { FastifyBaseLogger } from 'fastify'
import { GhlClient } from './ghl/ghl.client.ts'
import type { GhlConfig } from './ghl/ghl.manifest.ts'
import type { CallLimiter } from './http/call-limiter.ts'
import { ProviderApi, type ProviderApiOptions } from './http/provider-api.ts'
import { ProviderHttp } from './http/provider-http.ts'
import type { SharedRateBudget } from './http/rate-budget.port.ts'
import { RateLimiter } from './http/rate-limiter.ts'
import type { RequestLogSink } from './http/request-log-sink.port.ts'
import { SharedRateLimiter } from './http/shared-rate-limiter.ts'
import type { TokenManager } from './oauth/token-manager.ts'
import type { YelpConfig } from './yelp/yelp.manifest.ts'
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
  config: YelpConfig & GhlConfig,
  requestLog: RequestLogSink,
  tokens: TokenManager,
  log?: FastifyBaseLogger,
  options: {
    api?: ProviderApiOptions
    limiter?: RateLimiter
    /** The budget every process shares (PostgreSQL); without it the limits are this process's. */
    sharedBudget?: SharedRateBudget
  } = {},
): ProviderClients {
  const http = new ProviderHttp(requestLog, log)
  const local = options.limiter ?? processLimiter
  const limiter: CallLimiter = options.sharedBudget
    ? new SharedRateLimiter(local, options.sharedBudget)
    : local
  const api = new ProviderApi(http, limiter, options.api)
  return {
    http,
    api,
    yelpLeads: new YelpLeadsClient(config, api, tokens.source('yelp')),
    ghl: new GhlClient(config, api, tokens.source('ghl')),
  }
}
