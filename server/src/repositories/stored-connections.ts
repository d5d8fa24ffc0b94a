import { and, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { DB } from '../db/database.ts'
import { clients, locations, providerConnections } from '../db/schema.ts'

// The stored form of a client's provider connections (docs/decisions/0028): a `provider_connections`
// row per provider (facts JSON, sealed tokens in their own columns) and, for Yelp, the client's
// `locations` row (its business and webhook subscription). Only the connections repository (public
// facts) and the provider-token store (sealed tokens) read or write them through this file.

export type Provider = 'yelp' | 'ghl'

/** The JSON keys whose values are sealed tokens: never selected outside the provider-token store. */
export const SEALED_TOKEN_KEYS = ['accessToken', 'refreshToken'] as const

const optionalText = z.string().nullish()

/** A stored Yelp connection besides its sealed tokens (businessId, webhookSubscribed: its location's). */
export const yelpFactsSchema = z.object({
  businessId: optionalText,
  /** The businesses the connecting account manages (the callback's choice among them). */
  businessIds: z.array(z.string()).optional(),
  webhookSubscribed: z.boolean().optional(),
  expiresAt: optionalText,
  refreshExpiresAt: optionalText,
  needsReauth: z.boolean().optional(),
  /** Why the owner must authorize again, when the hub knows (e.g. an unreadable token). */
  reauthReason: optionalText,
  connectedAt: optionalText,
  refreshedAt: optionalText,
})

/** A stored GHL connection's facts besides its sealed tokens. */
export const ghlFactsSchema = z.object({
  locationId: optionalText,
  companyId: optionalText,
  userId: optionalText,
  scope: optionalText,
  expiresAt: optionalText,
  needsReauth: z.boolean().optional(),
  reauthReason: optionalText,
  connectedAt: optionalText,
  refreshedAt: optionalText,
})

const sealedTokens = { accessToken: optionalText, refreshToken: optionalText }

/** The whole stored Yelp connection; token values are sealed (SecretBox). */
export const storedYelpSchema = yelpFactsSchema.extend(sealedTokens)
/** The whole stored GHL connection; token values are sealed (SecretBox). */
export const storedGhlSchema = ghlFactsSchema.extend(sealedTokens)

export type YelpFacts = z.output<typeof yelpFactsSchema>
export type GhlFacts = z.output<typeof ghlFactsSchema>
export type StoredYelpTokens = z.output<typeof storedYelpSchema>
export type StoredGhlTokens = z.output<typeof storedGhlSchema>

/** A change to one stored connection: the keys given replace theirs, the others stay. */
export type StoredPatch<P extends Provider> = Partial<P extends 'yelp' ? StoredYelpTokens : StoredGhlTokens>

/** The source of the locations a provider's connection serves (GHL serves none). */
const LOCATION_SOURCE = { yelp: 'yelp', ghl: null } as const

/** The keys of a patch that are the client's location's, not the connection's. */
const LOCATION_KEYS = ['businessId', 'webhookSubscribed'] as const

/** The client's connection to `provider` (one per client and provider still). */
export function connectionOf(clientId: string, provider: Provider) {
  return and(eq(providerConnections.clientId, clientId), eq(providerConnections.provider, provider))
}

/**
 * Merges `patch` into the stored connection: its token keys into their columns, its facts into the
 * facts JSON in one statement (`||`, so a concurrent change to other keys is never lost and nothing is
 * read first), and a Yelp business into the client's location. Counts as client activity, as every
 * change to a client's connections does. False for an unknown client.
 */
export async function mergeStoredConnection<P extends Provider>(
  db: DB,
  provider: P,
  clientId: string,
  patch: StoredPatch<P>,
): Promise<boolean> {
  const touched = await db
    .update(clients)
    .set({ lastActivity: sql`now()` })
    .where(eq(clients.clientId, clientId))
    .returning({ id: clients.id })
  if (touched.length === 0) return false
  const entries = Object.entries(patch).filter(([, value]) => value !== undefined)
  const isToken = (key: string) => (SEALED_TOKEN_KEYS as readonly string[]).includes(key)
  const isLocation = (key: string) =>
    LOCATION_SOURCE[provider] !== null && (LOCATION_KEYS as readonly string[]).includes(key)
  const facts = Object.fromEntries(entries.filter(([key]) => !isToken(key) && !isLocation(key)))
  const tokens = Object.fromEntries(entries.filter(([key]) => isToken(key))) as {
    accessToken?: string | null
    refreshToken?: string | null
  }
  const [connection] = await db
    .insert(providerConnections)
    .values({ clientId, provider, facts, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken })
    .onConflictDoUpdate({
      target: [providerConnections.clientId, providerConnections.provider],
      set: {
        facts: sql`${providerConnections.facts} || excluded.facts`,
        ...('accessToken' in tokens ? { accessToken: sql`excluded.access_token` } : {}),
        ...('refreshToken' in tokens ? { refreshToken: sql`excluded.refresh_token` } : {}),
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: providerConnections.id })
  const source = LOCATION_SOURCE[provider]
  if (source && connection) {
    const location = Object.fromEntries(entries.filter(([key]) => isLocation(key))) as {
      businessId?: string | null
      webhookSubscribed?: boolean
    }
    await saveLocation(db, source, clientId, connection.id, location)
  }
  return true
}

/** The client's one location of `source` (the locations issue lifts "one"): created, moved or removed. */
async function saveLocation(
  db: DB,
  source: string,
  clientId: string,
  connectionId: number,
  patch: { businessId?: string | null; webhookSubscribed?: boolean },
): Promise<void> {
  const ofClient = and(eq(locations.clientId, clientId), eq(locations.source, source))
  if (patch.businessId === null) {
    await db.delete(locations).where(ofClient)
    return
  }
  if (patch.businessId === undefined) {
    if (patch.webhookSubscribed === undefined) return
    await db
      .update(locations)
      .set({ webhookSubscribed: patch.webhookSubscribed, updatedAt: sql`now()` })
      .where(ofClient)
    return
  }
  await db
    .insert(locations)
    .values({
      source,
      clientId,
      businessId: patch.businessId,
      connectionId,
      webhookSubscribed: patch.webhookSubscribed ?? false,
    })
    .onConflictDoUpdate({
      target: [locations.clientId, locations.source],
      set: {
        businessId: sql`excluded.business_id`,
        connectionId: sql`excluded.connection_id`,
        ...(patch.webhookSubscribed !== undefined
          ? { webhookSubscribed: sql`excluded.webhook_subscribed` }
          : {}),
        updatedAt: sql`now()`,
      },
    })
}

/**
 * The connection's own columns besides its tokens: GHL's sealed location API key and the location
 * it is set up for. Creates the connection when there is none; counts as client activity.
 */
export async function saveConnectionColumns(
  db: DB,
  provider: Provider,
  clientId: string,
  columns: { apiKey?: string | null; accountId?: string | null },
): Promise<void> {
  const touched = await db
    .update(clients)
    .set({ lastActivity: sql`now()` })
    .where(eq(clients.clientId, clientId))
    .returning({ id: clients.id })
  if (touched.length === 0) return
  await db
    .insert(providerConnections)
    .values({ clientId, provider, ...columns })
    .onConflictDoUpdate({
      target: [providerConnections.clientId, providerConnections.provider],
      set: {
        ...(columns.apiKey !== undefined ? { apiKey: sql`excluded.api_key` } : {}),
        ...(columns.accountId !== undefined ? { accountId: sql`excluded.account_id` } : {}),
        updatedAt: sql`now()`,
      },
    })
}
