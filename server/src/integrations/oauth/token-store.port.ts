/** The two providers whose connections the token manager keeps. */
export type Provider = 'yelp' | 'ghl'

/**
 * What the token manager reads of a stored connection. Token values are sealed (SecretBox);
 * the store keeps whatever else the connection row holds (business id, location, ...).
 */
export interface StoredCredential {
  accessToken?: string | null
  refreshToken?: string | null
  expiresAt?: string | null
  needsReauth?: boolean
  /** Why the owner must authorize again, when the hub knows (e.g. an unreadable token). */
  reauthReason?: string | null
}

/** The stored form of a refreshed Yelp token response (the sealed values and their times). */
export interface SealedYelpTokens {
  accessToken: string
  refreshToken?: string
  expiresAt: string | null
  refreshExpiresAt?: string
  needsReauth: false
  refreshedAt: string
}

/** The stored form of a refreshed GHL token response. */
export interface SealedGhlTokens {
  accessToken: string
  refreshToken: string
  expiresAt: string | null
  locationId?: string
  companyId?: string
  userId?: string
  scope?: string
  needsReauth: false
  refreshedAt: string
}

/**
 * Where the token manager keeps connections: implemented by the repositories
 * (repositories/provider-tokens.store.ts), so the integrations never touch the database.
 */
export interface TokenStore {
  /** The client's stored connection to `provider` (empty when never connected); null for an unknown client. */
  read(provider: Provider, clientId: string): Promise<StoredCredential | null>
  /**
   * Merges `patch` into the stored connection, read and written under one row lock so a
   * concurrent change to the connection's other fields is not lost. Nothing for an unknown client.
   */
  merge(
    provider: Provider,
    clientId: string,
    patch:
      | Partial<SealedYelpTokens>
      | Partial<SealedGhlTokens>
      | { needsReauth: true; reauthReason?: string },
  ): Promise<void>
}
