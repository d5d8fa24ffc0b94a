import type { Platform } from './provider-http.ts'

/**
 * The provider could not do it now (429, 5xx, a timeout or a broken connection) and the in-call
 * retries are used up: the job should run again later, after `retryAfterMs` when known.
 */
export class TransientProviderError extends Error {
  constructor(
    readonly platform: Platform,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message)
    this.name = new.target.name
  }
}

/**
 * GHL's daily request cap for the location is spent (docs/providers/ghl.md §10): nothing more
 * for that location until `retryAfterMs` from now, when GHL said (Retry-After), else a probe
 * later. The engine parks the location's jobs until then (docs/decisions/0015, GHL's daily cap).
 */
export class DailyCapReachedError extends TransientProviderError {
  declare readonly retryAfterMs: number

  constructor(platform: Platform, message: string, retryAfterMs: number) {
    super(platform, message, retryAfterMs)
  }
}

/**
 * The request was sent but no answer came in time (or a 5xx came for a write that must not be
 * resent blindly), so a write may or may not have happened: check the provider's state before
 * doing it again.
 */
export class ProviderTimeoutError extends TransientProviderError {}

/**
 * A token endpoint refused this server's own app credentials (client id or secret): no owner
 * can fix that by authorizing again, the operator must fix the configuration. Transient for the
 * jobs (they retry once it is fixed); the token manager raises an operator alert.
 */
export class AppCredentialsRejectedError extends TransientProviderError {}

/**
 * The provider took the message but cannot take its delivery status yet (GHL answers 403 for a few
 * seconds after a send, docs/providers/ghl.md §9): report it again in a few seconds.
 */
export class StatusNotReadyError extends TransientProviderError {}

/** The provider refused the request (a 4xx other than 429): retrying will not help, show it. */
export class PermanentProviderError extends Error {
  constructor(
    readonly platform: Platform,
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message)
    this.name = new.target.name
  }
}

/**
 * The source refused a reply because the same text was just posted to the lead (Yelp's
 * SAME_SUCCESSIVE_MESSAGE, docs/providers/yelp.md §1). After one of the hub's own attempts it
 * means "probably delivered": the engine looks for the message instead of calling it failed.
 */
export class RepeatedReplyError extends PermanentProviderError {}

/** The lead is closed on its source (the consumer archived it): nothing more can be posted to it. */
export class LeadClosedError extends PermanentProviderError {}
