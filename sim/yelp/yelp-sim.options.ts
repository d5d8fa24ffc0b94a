/** How a Yelp simulator is configured; every field has a default so `createYelpSim()` just works. */
export interface YelpSimOptions {
  /** Shown in `GET /__sim/state`. */
  name?: string
  /** The partner app's OAuth client (docs/spec/product.md §5 `YELP_CLIENT_ID` / `YELP_CLIENT_SECRET`). */
  clientId?: string
  clientSecret?: string
  /**
   * Redirect URIs registered for the client. Empty = accept any absolute URL (convenient for tests
   * where the hub listens on a random port); real Yelp only accepts registered ones.
   */
  redirectUris?: string[]
  /** Places (Fusion) API keys accepted by the business-subscriptions endpoints (docs/providers/yelp.md §3). */
  apiKeys?: string[]
  /** Start with the authorize page refusing consent (`error=access_denied`). */
  denyAuthorization?: boolean
  /** The Yelp user "signed in" on the authorize page; default: the first seeded user. */
  authorizeAsUserId?: string | null
  /** docs/providers/yelp.md §4: authorization code 5 min, access token 7 days, refresh token 365 days. */
  codeLifetimeSeconds?: number
  accessTokenLifetimeSeconds?: number
  refreshTokenLifetimeSeconds?: number
  /** Sim-clock time between a 202 from the subscriptions API and the change taking effect (docs/providers/yelp.md §3). */
  subscriptionDelayMs?: number
  /** Requests per second per client per endpoint before 429 (docs/providers/yelp.md §1); 0 disables the limit. */
  rateLimitPerSecond?: number
  /** Whether Yelp enabled proxy email for this partner (`temporary_email_address`, docs/providers/yelp.md §1). */
  proxyEmail?: boolean
  /** Whether phone opt-in/out webhooks are enabled for this partner (docs/providers/yelp.md §2). */
  phoneWebhooks?: boolean
  webhook?: Partial<WebhookConfig>
}

/** Where and how lead webhooks are delivered; all of it can be changed at run time. */
export interface WebhookConfig {
  /** The partner webhook URL registered with Yelp; null = nowhere (deliveries are recorded as skipped). */
  url: string | null
  /** Real milliseconds to wait before each delivery (timers cannot run on the sim clock). */
  delayMs: number
  /** Extra copies of every delivery (0 = each webhook once). */
  duplicates: number
  /** Deliver each pair of consecutive webhooks newest first. */
  reorder: boolean
  /** With `reorder`, how long (real ms) a lone webhook waits for a partner before going out alone. */
  reorderWaitMs: number
  /** Queue every webhook until `flush` (control `POST /__sim/yelp/webhooks/flush`). */
  hold: boolean
  /** Real milliseconds before a delivery attempt is abandoned. */
  timeoutMs: number
}

export type ResolvedYelpSimOptions = Required<Omit<YelpSimOptions, 'webhook' | 'authorizeAsUserId'>> & {
  authorizeAsUserId: string | null
  webhook: WebhookConfig
}

export const DEFAULT_CLIENT_ID = 'sim-yelp-client-id'
export const DEFAULT_CLIENT_SECRET = 'sim-yelp-client-secret'
export const DEFAULT_API_KEY = 'sim-yelp-api-key'

export function resolveYelpSimOptions(options: YelpSimOptions = {}): ResolvedYelpSimOptions {
  return {
    name: options.name ?? 'yelp',
    clientId: options.clientId ?? DEFAULT_CLIENT_ID,
    clientSecret: options.clientSecret ?? DEFAULT_CLIENT_SECRET,
    redirectUris: options.redirectUris ?? [],
    apiKeys: options.apiKeys ?? [DEFAULT_API_KEY],
    denyAuthorization: options.denyAuthorization ?? false,
    authorizeAsUserId: options.authorizeAsUserId ?? null,
    codeLifetimeSeconds: options.codeLifetimeSeconds ?? 5 * 60,
    accessTokenLifetimeSeconds: options.accessTokenLifetimeSeconds ?? 7 * 24 * 3600,
    refreshTokenLifetimeSeconds: options.refreshTokenLifetimeSeconds ?? 365 * 24 * 3600,
    // Real Yelp: "99% done within 15 minutes". Ten seconds keeps the demo watchable while still
    // proving the hub does not treat 202 as active.
    subscriptionDelayMs: options.subscriptionDelayMs ?? 10_000,
    rateLimitPerSecond: options.rateLimitPerSecond ?? 5,
    proxyEmail: options.proxyEmail ?? true,
    phoneWebhooks: options.phoneWebhooks ?? true,
    webhook: {
      url: null,
      delayMs: 0,
      duplicates: 0,
      reorder: false,
      reorderWaitMs: 1000,
      hold: false,
      timeoutMs: 5000,
      ...options.webhook,
    },
  }
}
