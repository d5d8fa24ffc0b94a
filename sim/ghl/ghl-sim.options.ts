/** Everything a test or the demo may tune about the GHL simulator; every field has a default. */
export interface GhlSimOptions {
  /** The Marketplace app's credentials, checked by `/oauth/token` and the authorize page. */
  clientId?: string
  clientSecret?: string
  /** The app's custom conversation provider (docs/providers/ghl.md §9 "Custom conversation providers"). */
  conversationProviderId?: string
  /** The hub's Delivery URL, where ProviderOutboundMessage is POSTed; settable later. */
  replyUrl?: string | null
  /** The app's webhook URL, where app webhooks (OpportunityStageUpdate…) are POSTed; settable later. */
  appWebhookUrl?: string | null
  /** When set, the authorize page accepts only these redirect URIs (the app's registered ones). */
  redirectUris?: string[] | null
  /** docs/providers/ghl.md §5: access token ≈ 1 day, the example `expires_in` is 86399. */
  accessTokenLifetimeSeconds?: number
  /** docs/providers/ghl.md §5: refresh token valid 1 year until used. */
  refreshTokenLifetimeSeconds?: number
  /** Not documented; ten minutes is what OAuth servers commonly allow. */
  authCodeLifetimeSeconds?: number
  /** Also sign webhooks with the legacy RSA `x-wh-signature` (docs/providers/ghl.md §10). */
  sendLegacyRsaSignature?: boolean
  /** RSA key size; GHL's published key is 4096-bit, 2048 keeps start-up fast and verifies the same way. */
  rsaModulusLength?: number
  /** docs/providers/ghl.md §9: status updates answer 403 for ~5–10 s after a send. */
  messageStatusLockMs?: number
  /** docs/providers/ghl.md §10: 100 requests / 10 s burst and 200,000 / day per app per location. */
  rateLimit?: { max?: number; intervalMs?: number; daily?: number; dayMs?: number }
  /** docs/providers/ghl.md §10: webhooks are retried only on 429, up to 6 times, ~10 min apart plus jitter. */
  webhook?: { timeoutMs?: number; retryDelayMs?: number; retryJitterMs?: number; maxRetries?: number }
  /** Documented quirks (docs/providers/ghl.md §9 issues #6 and #70), on by default because the real API does them. */
  quirks?: { unknownProviderIdReturns500?: boolean; customWithoutProviderReturnsEmpty201?: boolean }
}

export interface GhlSimConfig {
  clientId: string
  clientSecret: string
  conversationProviderId: string
  replyUrl: string | null
  appWebhookUrl: string | null
  redirectUris: string[] | null
  accessTokenLifetimeSeconds: number
  refreshTokenLifetimeSeconds: number
  authCodeLifetimeSeconds: number
  sendLegacyRsaSignature: boolean
  rsaModulusLength: number
  messageStatusLockMs: number
  /**
   * `dayMs`: how long the daily count lasts (24 h). A test shortens it to see a spent daily cap
   * reset without waiting a day.
   */
  rateLimit: { max: number; intervalMs: number; daily: number; dayMs: number }
  webhook: { timeoutMs: number; retryDelayMs: number; retryJitterMs: number; maxRetries: number }
  quirks: { unknownProviderIdReturns500: boolean; customWithoutProviderReturnsEmpty201: boolean }
}

export const GHL_SIM_DEFAULTS = {
  clientId: 'ghl-sim-client-id',
  clientSecret: 'ghl-sim-client-secret',
  // Provider ids are Mongo-style object ids in GHL.
  conversationProviderId: '65f1a2b3c4d5e6f708192a3b',
} as const

export function resolveGhlSimConfig(options: GhlSimOptions = {}): GhlSimConfig {
  return {
    clientId: options.clientId ?? GHL_SIM_DEFAULTS.clientId,
    clientSecret: options.clientSecret ?? GHL_SIM_DEFAULTS.clientSecret,
    conversationProviderId: options.conversationProviderId ?? GHL_SIM_DEFAULTS.conversationProviderId,
    replyUrl: options.replyUrl ?? null,
    appWebhookUrl: options.appWebhookUrl ?? null,
    redirectUris: options.redirectUris ?? null,
    accessTokenLifetimeSeconds: options.accessTokenLifetimeSeconds ?? 86_399,
    refreshTokenLifetimeSeconds: options.refreshTokenLifetimeSeconds ?? 365 * 24 * 3600,
    authCodeLifetimeSeconds: options.authCodeLifetimeSeconds ?? 600,
    sendLegacyRsaSignature: options.sendLegacyRsaSignature ?? false,
    rsaModulusLength: options.rsaModulusLength ?? 2048,
    messageStatusLockMs: options.messageStatusLockMs ?? 5_000,
    rateLimit: {
      max: options.rateLimit?.max ?? 100,
      intervalMs: options.rateLimit?.intervalMs ?? 10_000,
      daily: options.rateLimit?.daily ?? 200_000,
      dayMs: options.rateLimit?.dayMs ?? 24 * 3600_000,
    },
    webhook: {
      timeoutMs: options.webhook?.timeoutMs ?? 10_000,
      retryDelayMs: options.webhook?.retryDelayMs ?? 10 * 60_000,
      retryJitterMs: options.webhook?.retryJitterMs ?? 30_000,
      maxRetries: options.webhook?.maxRetries ?? 6,
    },
    quirks: {
      unknownProviderIdReturns500: options.quirks?.unknownProviderIdReturns500 ?? true,
      customWithoutProviderReturnsEmpty201: options.quirks?.customWithoutProviderReturnsEmpty201 ?? true,
    },
  }
}
