import { eq, type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { DB } from '../db/database.ts'
import { clients } from '../db/schema.ts'

// The stored form of a client's provider connections: the `clients.yelp_tokens` and
// `clients.ghl_tokens` JSON. Only the connections repository (public facts) and the provider-token
// store (sealed tokens) read or write it; everything else sees their parsed views.

export type Provider = 'yelp' | 'ghl'

/** The JSON keys whose values are sealed tokens: never selected outside the provider-token store. */
export const SEALED_TOKEN_KEYS = ['accessToken', 'refreshToken'] as const

const optionalText = z.string().nullish()

/** What `clients.yelp_tokens` holds besides its sealed tokens. */
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

/** What `clients.ghl_tokens` holds besides its sealed tokens. */
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

export function connectionColumn(provider: Provider) {
  return provider === 'yelp' ? clients.yelpTokens : clients.ghlTokens
}

/** The stored connection without its sealed tokens (an SQL expression; null when nothing is stored). */
export function factsOf(provider: Provider): SQL<Record<string, unknown> | null> {
  const column = connectionColumn(provider)
  return sql<Record<
    string,
    unknown
  > | null>`${column} - ${SEALED_TOKEN_KEYS[0]}::text - ${SEALED_TOKEN_KEYS[1]}::text`.mapWith(column)
}

/** Whether the stored connection holds an access token (connected, whatever its state). */
export function hasAccessToken(provider: Provider): SQL<boolean> {
  return sql<boolean>`coalesce(${connectionColumn(provider)}->>'accessToken', '') <> ''`.mapWith(Boolean)
}

/**
 * Merges `patch` into the stored connection in one statement (`||`), so a concurrent change to
 * its other keys is never lost and nothing has to be read first. Counts as client activity, as
 * every change to the client row does. False for an unknown client.
 */
export async function mergeStoredConnection<P extends Provider>(
  db: DB,
  provider: P,
  clientId: string,
  patch: StoredPatch<P>,
): Promise<boolean> {
  const merged = sql`coalesce(${connectionColumn(provider)}, '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb`
  const rows = await db
    .update(clients)
    .set({
      ...(provider === 'yelp' ? { yelpTokens: merged } : { ghlTokens: merged }),
      lastActivity: sql`now()`,
    })
    .where(eq(clients.clientId, clientId))
    .returning({ id: clients.id })
  return rows.length > 0
}
