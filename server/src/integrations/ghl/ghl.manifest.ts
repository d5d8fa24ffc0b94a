/** What the GHL integration reads of the parsed configuration (config/config.ts `ghl`). */
export interface GhlSettings {
  clientId?: string
  clientSecret?: string
  apiBase: string
  authBase: string
  conversationProviderId?: string
  /** Every Ed25519 key a signature may verify with (several during a key rotation). */
  webhookPublicKeys: string[]
  /** The legacy RSA keys; none = the legacy header is refused. */
  webhookRsaPublicKeys: string[]
  /** docs/providers/ghl.md §10: at most this many requests per interval per location (100 per 10 s). */
  rateLimitMax: number
  rateLimitIntervalMs: number
}

/** The configuration the GHL clients take: the server's public URL and the GHL settings. */
export interface GhlConfig {
  baseUrl: string
  ghl: GhlSettings
}

/**
 * GoHighLevel at a glance: the environment keys that configure it (read only by config/), the
 * Marketplace app's scopes and OAuth endpoints (docs/providers/ghl.md §5, §9), and whether a parsed
 * configuration can connect clients.
 */
export const ghlManifest = {
  provider: 'ghl',
  displayName: 'GoHighLevel',
  envKeys: {
    clientId: 'GHL_CLIENT_ID',
    clientSecret: 'GHL_CLIENT_SECRET',
    apiBase: 'GHL_API_BASE',
    authBase: 'GHL_AUTH_BASE',
    conversationProviderId: 'GHL_CONVERSATION_PROVIDER_ID',
    // Comma-separated lists of keys.
    webhookPublicKeys: 'GHL_WEBHOOK_PUBLIC_KEY',
    webhookRsaPublicKeys: 'GHL_WEBHOOK_RSA_PUBLIC_KEY',
    rateLimitMax: 'GHL_RATE_LIMIT_MAX',
    rateLimitIntervalMs: 'GHL_RATE_LIMIT_INTERVAL_MS',
  },
  /**
   * Scopes the conversation-provider design needs (docs/providers/ghl.md §9 "Required scopes"), and
   * the pipeline's (§11). A connection made before the pipeline existed lacks the last two.
   */
  scopes: [
    'contacts.readonly',
    'contacts.write',
    'conversations.readonly',
    'conversations.write',
    'conversations/message.readonly',
    'conversations/message.write',
    'locations/customFields.readonly',
    'locations/customFields.write',
    'opportunities.readonly',
    'opportunities.write',
  ],
  /** What the pipeline needs of a connection's granted scopes (docs/providers/ghl.md §11). */
  pipelineScopes: ['opportunities.readonly', 'opportunities.write'],
  /** The documented path since May 2026 (docs/providers/ghl.md §5); the legacy /oauth/chooselocation also works. */
  authorizeUrl: (settings: Pick<GhlSettings, 'authBase'>) =>
    new URL('/v2/oauth/chooselocation', settings.authBase),
  tokenUrl: (settings: Pick<GhlSettings, 'apiBase'>) => `${settings.apiBase}/oauth/token`,
  callbackPath: '/api/ghl/callback',
  /** Clients can be connected: the Marketplace app's id and secret are set. */
  isConfigured: (config: { ghl: Pick<GhlSettings, 'clientId' | 'clientSecret'> }): boolean =>
    Boolean(config.ghl.clientId && config.ghl.clientSecret),
} as const
