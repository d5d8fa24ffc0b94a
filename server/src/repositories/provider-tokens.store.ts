import type { DB } from '../db/database.ts'
import {
  findClient,
  ghlTokensOf,
  lockClient,
  type StoredGhlTokens,
  type StoredYelpTokens,
  updateClient,
  yelpTokensOf,
} from './clients.repository.ts'
import { acquireLease, releaseLease } from './credential-leases.repository.ts'

type Provider = 'yelp' | 'ghl'

// The token manager's store and leases (integrations/oauth/*.port.ts) over the `clients` row's
// token JSON and `credential_leases`. Typed structurally: the repositories import nothing above it.

/** Reads and merges a client's stored Yelp or GHL connection. */
export class ProviderTokensStore {
  constructor(private readonly db: DB) {}

  async read(provider: Provider, clientId: string): Promise<StoredYelpTokens | StoredGhlTokens | null> {
    const row = await findClient(this.db, clientId)
    if (!row) return null
    return provider === 'yelp' ? yelpTokensOf(row) : ghlTokensOf(row)
  }

  async merge(
    provider: Provider,
    clientId: string,
    patch: Partial<StoredYelpTokens> | Partial<StoredGhlTokens>,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await lockClient(tx, clientId)
      if (!row) return
      if (provider === 'yelp')
        await updateClient(tx, clientId, { yelpTokens: { ...yelpTokensOf(row), ...patch } })
      else await updateClient(tx, clientId, { ghlTokens: { ...ghlTokensOf(row), ...patch } })
    })
  }
}

/** Credential leases in `credential_leases`, shared by every process on the database. */
export class CredentialLeaseStore {
  constructor(private readonly db: DB) {}

  acquire(key: string, holder: string, ttlMs: number): Promise<boolean> {
    return acquireLease(this.db, key, holder, ttlMs)
  }

  release(key: string, holder: string): Promise<void> {
    return releaseLease(this.db, key, holder)
  }
}
