import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { DB } from '../db/database.ts'
import { clients, providerConnections } from '../db/schema.ts'
import { type SecretBox, UnreadableSecretError } from '../lib/secret-box.ts'
import { acquireLease, releaseLease } from './credential-leases.repository.ts'
import {
  connectionOf,
  mergeStoredConnection,
  type Provider,
  SEALED_TOKEN_KEYS,
  type StoredGhlTokens,
  type StoredPatch,
  type StoredYelpTokens,
  saveConnectionColumns,
  storedGhlSchema,
  storedYelpSchema,
} from './stored-connections.ts'

// The token manager's store and leases (integrations/oauth/*.port.ts) over `provider_connections`
// (a client's connection row per provider: its facts and sealed tokens) and `credential_leases`. Typed structurally: the repositories import nothing above it.
// The only code that reads a sealed token or the location API key, and the only code besides the
// token manager that seals one; the rest of the product sees connections.repository.ts's views.

export interface ResealOutcome {
  resealed: number
  unreadable: number
  /** The location API key no configured key opens (it is not a connection: nothing is flagged). */
  apiKeyUnreadable: boolean
}

/** Reads, seals and merges a client's stored Yelp or GHL connection and its location API key. */
export class ProviderTokensStore {
  constructor(
    private readonly db: DB,
    private readonly box: SecretBox,
  ) {}

  /** The stored connection, tokens sealed (empty when never connected); null for an unknown client. */
  async read(provider: Provider, clientId: string): Promise<StoredYelpTokens | StoredGhlTokens | null> {
    const [row] = await this.db
      .select({
        clientId: clients.clientId,
        facts: providerConnections.facts,
        accessToken: providerConnections.accessToken,
        refreshToken: providerConnections.refreshToken,
      })
      .from(clients)
      .leftJoin(
        providerConnections,
        and(eq(providerConnections.clientId, clients.clientId), eq(providerConnections.provider, provider)),
      )
      .where(eq(clients.clientId, clientId))
    if (!row) return null
    return parseStored(provider, clientId, storedOf(row))
  }

  /** Merges `patch` (its token values already sealed) into the stored connection; `db`: a transaction. */
  async merge<P extends Provider>(
    provider: P,
    clientId: string,
    patch: StoredPatch<P>,
    db: DB = this.db,
  ): Promise<void> {
    await mergeStoredConnection(db, provider, clientId, patch)
  }

  /** GHL tokens an operator pasted (the CRM token form): sealed, and "needs re-auth" cleared. */
  async saveGhlTokens(
    clientId: string,
    tokens: { accessToken: string; refreshToken?: string; locationId?: string },
    db: DB = this.db,
  ): Promise<void> {
    await mergeStoredConnection(db, 'ghl', clientId, {
      accessToken: this.box.seal(tokens.accessToken),
      ...(tokens.refreshToken ? { refreshToken: this.box.seal(tokens.refreshToken) } : {}),
      ...(tokens.locationId ? { locationId: tokens.locationId } : {}),
      needsReauth: false,
    })
  }

  /** The location API key, sealed, and the location it belongs to. */
  async saveLocationApiKey(clientId: string, apiKey: string, locationId: string, db: DB = this.db) {
    await saveConnectionColumns(db, 'ghl', clientId, { apiKey: this.box.seal(apiKey), accountId: locationId })
  }

  /** The location API key in the clear; null when none is saved (or the client is unknown). */
  async locationApiKey(clientId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ apiKey: providerConnections.apiKey })
      .from(providerConnections)
      .where(connectionOf(clientId, 'ghl'))
    return row?.apiKey ? this.box.open(row.apiKey) : null
  }

  /**
   * Re-seals with the newest APP_SECRET key what an older one sealed, under the row's lock. A
   * token no key opens marks its connection "needs re-auth" with `unreadableReason(provider)`;
   * once a key opens it again, that mark goes.
   */
  async reseal(clientId: string, unreadableReason: (provider: Provider) => string): Promise<ResealOutcome> {
    return this.db.transaction(async (tx) => {
      const outcome: ResealOutcome = { resealed: 0, unreadable: 0, apiKeyUnreadable: false }
      // The client's row lock orders this against every other write of its connections.
      const [client] = await tx
        .select({ id: clients.id })
        .from(clients)
        .where(eq(clients.clientId, clientId))
        .for('update')
      if (!client) return outcome
      const connections = await tx
        .select({
          provider: providerConnections.provider,
          facts: providerConnections.facts,
          accessToken: providerConnections.accessToken,
          refreshToken: providerConnections.refreshToken,
          apiKey: providerConnections.apiKey,
        })
        .from(providerConnections)
        .where(eq(providerConnections.clientId, clientId))
        .for('update')
      for (const provider of ['yelp', 'ghl'] as const) {
        const row = connections.find((connection) => connection.provider === provider)
        if (!row) continue
        const stored = parseStored(provider, clientId, storedOf(row))
        const patch: StoredPatch<Provider> = {}
        let lost = false
        for (const key of SEALED_TOKEN_KEYS) {
          const resealed = this.resealOne(stored[key])
          if (resealed === 'unreadable') lost = true
          else if (resealed !== null) patch[key] = resealed
        }
        const reason = unreadableReason(provider)
        const flagged = stored.needsReauth === true && stored.reauthReason === reason
        if (lost && !flagged) {
          Object.assign(patch, { needsReauth: true, reauthReason: reason })
          outcome.unreadable++
        } else if (!lost && flagged) {
          // The key that sealed them is configured again.
          Object.assign(patch, { needsReauth: false, reauthReason: null })
        }
        if (Object.keys(patch).length === 0) continue
        await mergeStoredConnection(tx, provider, clientId, patch)
        outcome.resealed++
      }
      const ghl = connections.find((connection) => connection.provider === 'ghl')
      const apiKey = this.resealOne(ghl?.apiKey)
      if (apiKey === 'unreadable') {
        outcome.apiKeyUnreadable = true
        outcome.unreadable++
      } else if (apiKey !== null) {
        await saveConnectionColumns(tx, 'ghl', clientId, { apiKey })
        outcome.resealed++
      }
      return outcome
    })
  }

  /** The value sealed with the newest key when an older one sealed it; null when nothing to do. */
  private resealOne(sealed: string | null | undefined): string | 'unreadable' | null {
    if (!sealed) return null
    try {
      const { plaintext, stale } = this.box.openRotating(sealed)
      return stale ? this.box.seal(plaintext) : null
    } catch (error) {
      if (error instanceof UnreadableSecretError) return 'unreadable'
      throw error
    }
  }
}

/** A connection row as the stored-connection schemas read it: its facts beside its sealed tokens. */
function storedOf(row: {
  facts: Record<string, unknown> | null
  accessToken: string | null
  refreshToken: string | null
}): Record<string, unknown> {
  return { ...row.facts, accessToken: row.accessToken, refreshToken: row.refreshToken }
}

/** Parsed, not cast: a stored connection of another shape fails here, naming its client. */
function parseStored(
  provider: Provider,
  clientId: string,
  stored: unknown,
): StoredYelpTokens | StoredGhlTokens {
  const parsed = (provider === 'yelp' ? storedYelpSchema : storedGhlSchema).safeParse(stored ?? {})
  if (parsed.success) return parsed.data
  throw new Error(
    `The stored ${provider} connection of client ${clientId} is malformed: ${z.prettifyError(parsed.error)}`,
  )
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
