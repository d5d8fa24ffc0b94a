/** What the Yelp integration reads of the parsed configuration (config/config.ts `yelp`). */
export interface YelpSettings {
  clientId?: string
  clientSecret?: string
  apiKey?: string
  apiBase: string
  authBase: string
  partnerBase: string
  /** docs/providers/yelp.md §1 "Rate limit": requests per second per endpoint for the partner client. */
  rateLimitPerSecond: number
}

/** The configuration the Yelp clients take: the server's public URL and the Yelp settings. */
export interface YelpConfig {
  baseUrl: string
  yelp: YelpSettings
}

/**
 * Yelp at a glance: the environment keys that configure it (read only by config/), the OAuth
 * scope and endpoints (docs/providers/yelp.md §4), and whether a parsed configuration can connect clients.
 */
export const yelpManifest = {
  provider: 'yelp',
  displayName: 'Yelp',
  envKeys: {
    clientId: 'YELP_CLIENT_ID',
    clientSecret: 'YELP_CLIENT_SECRET',
    apiKey: 'YELP_API_KEY',
    apiBase: 'YELP_API_BASE',
    authBase: 'YELP_AUTH_BASE',
    partnerBase: 'YELP_PARTNER_BASE',
    rateLimitPerSecond: 'YELP_RATE_LIMIT_PER_SECOND',
  },
  /** docs/providers/yelp.md §4: the Leads API needs only `leads`. */
  scopes: ['leads'],
  authorizeUrl: (settings: Pick<YelpSettings, 'authBase'>) => new URL('/oauth2/authorize', settings.authBase),
  /** The v3 endpoint, which rotates the refresh token on every refresh (docs/providers/yelp.md §4). */
  tokenUrl: (settings: Pick<YelpSettings, 'apiBase'>) => `${settings.apiBase}/oauth2/token/v3`,
  callbackPath: '/api/yelp/callback',
  /** Clients can be connected: the OAuth app's id and secret are set. */
  isConfigured: (config: { yelp: Pick<YelpSettings, 'clientId' | 'clientSecret'> }): boolean =>
    Boolean(config.yelp.clientId && config.yelp.clientSecret),
} as const
