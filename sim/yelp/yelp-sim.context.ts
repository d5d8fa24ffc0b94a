import type { SimServer } from '../core/sim-server.ts'
import type { YelpLeadsService } from './yelp-leads.service.ts'
import type { YelpRateLimiter } from './yelp-rate.limiter.ts'
import type { ResolvedYelpSimOptions } from './yelp-sim.options.ts'
import type { YelpStore } from './yelp-state.store.ts'
import type { YelpTokenService } from './yelp-token.service.ts'
import type { YelpWebhookEmitter } from './yelp-webhook.emitter.ts'

/** Switches the control API can flip at run time; `reset` restores them from the options. */
export interface YelpSimSettings {
  denyAuthorization: boolean
  authorizeAsUserId: string | null
  rateLimitPerSecond: number
  subscriptionDelayMs: number
  /**
   * The events list gives the text of a reply written through the API with its whitespace redone
   * (each run of spaces and line breaks as one space, trimmed), as Yelp may store it.
   */
  reformatsApiWrites: boolean
  /** A reply written through the API is listed this many real ms after it was written (its webhook goes out at once). */
  listsApiWritesAfterMs: number
}

/** Everything a route registrar needs, passed explicitly instead of through module state. */
export interface YelpSimContext {
  server: SimServer
  options: ResolvedYelpSimOptions
  settings: YelpSimSettings
  store: YelpStore
  tokens: YelpTokenService
  leads: YelpLeadsService
  webhooks: YelpWebhookEmitter
  limiter: YelpRateLimiter
}

export function settingsFrom(options: ResolvedYelpSimOptions): YelpSimSettings {
  return {
    denyAuthorization: options.denyAuthorization,
    authorizeAsUserId: options.authorizeAsUserId,
    rateLimitPerSecond: options.rateLimitPerSecond,
    subscriptionDelayMs: options.subscriptionDelayMs,
    reformatsApiWrites: false,
    listsApiWritesAfterMs: 0,
  }
}
