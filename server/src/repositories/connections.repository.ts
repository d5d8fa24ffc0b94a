import { eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { DB } from '../db/database.ts'
import { clients } from '../db/schema.ts'
import {
  factsOf,
  ghlFactsSchema,
  hasAccessToken,
  mergeStoredConnection,
  yelpFactsSchema,
} from './stored-connections.ts'

// A client's Yelp and GHL connections as the product reads them: public facts only. Their sealed
// tokens and the location API key are never selected here (repositories/provider-tokens.store.ts
// holds those); "connected" and "has an API key" are answered by the database.

const connectionRowSchema = z.object({
  clientId: z.string(),
  yelpFacts: yelpFactsSchema.nullable(),
  yelpConnected: z.boolean(),
  ghlFacts: ghlFactsSchema.nullable(),
  ghlConnected: z.boolean(),
  ghlLocationId: z.string().nullable(),
  hasApiKey: z.boolean(),
})

const yelpConnectionSchema = connectionRowSchema.transform(
  ({ clientId, yelpFacts: facts, yelpConnected }) => {
    const needsReauth = facts?.needsReauth === true
    return {
      clientId,
      /** Something is stored for Yelp (a saved business id counts), with or without tokens. */
      hasRecord: facts !== null,
      connected: yelpConnected,
      businessId: facts?.businessId ?? null,
      webhookSubscribed: facts?.webhookSubscribed === true,
      expiresAt: facts?.expiresAt ?? null,
      /** Its owner must authorize again; the jobs using it park meanwhile. */
      needsReauth,
      reauthReason: needsReauth ? (facts?.reauthReason ?? null) : null,
    }
  },
)

const ghlConnectionSchema = connectionRowSchema.transform((row) => {
  const facts = row.ghlFacts
  const needsReauth = facts?.needsReauth === true
  return {
    clientId: row.clientId,
    connected: row.ghlConnected,
    /** The location the client is set up for (saved with its API key), else the OAuth grant's. */
    locationId: row.ghlLocationId ?? facts?.locationId ?? null,
    hasApiKey: row.hasApiKey,
    /** The scopes the OAuth grant was given (space separated), e.g. to tell a pre-pipeline connection. */
    scope: facts?.scope ?? null,
    expiresAt: facts?.expiresAt ?? null,
    needsReauth,
    reauthReason: needsReauth ? (facts?.reauthReason ?? null) : null,
  }
})

export type YelpConnection = z.output<typeof yelpConnectionSchema>
export type GhlConnection = z.output<typeof ghlConnectionSchema>
export interface ClientConnections {
  yelp: YelpConnection
  ghl: GhlConnection
}

const connectionFields = {
  clientId: clients.clientId,
  yelpFacts: factsOf('yelp'),
  yelpConnected: hasAccessToken('yelp'),
  ghlFacts: factsOf('ghl'),
  ghlConnected: hasAccessToken('ghl'),
  ghlLocationId: clients.ghlLocationId,
  hasApiKey: sql<boolean>`coalesce(${clients.ghlLocationApiKey}, '') <> ''`.mapWith(Boolean),
}

/** Parsed, not cast: a stored connection of another shape fails here, naming its client. */
function toConnections(row: { clientId: string }): ClientConnections {
  const yelp = yelpConnectionSchema.safeParse(row)
  const ghl = ghlConnectionSchema.safeParse(row)
  if (yelp.success && ghl.success) return { yelp: yelp.data, ghl: ghl.data }
  const error = yelp.error ?? ghl.error
  throw new Error(
    `The stored connections of client ${row.clientId} are malformed: ${error ? z.prettifyError(error) : ''}`,
  )
}

/** A client's connections; null for an unknown client. */
export async function findConnections(db: DB, clientId: string): Promise<ClientConnections | null> {
  const [row] = await db.select(connectionFields).from(clients).where(eq(clients.clientId, clientId))
  return row ? toConnections(row) : null
}

export async function findYelpConnection(db: DB, clientId: string): Promise<YelpConnection | null> {
  return (await findConnections(db, clientId))?.yelp ?? null
}

export async function findGhlConnection(db: DB, clientId: string): Promise<GhlConnection | null> {
  return (await findConnections(db, clientId))?.ghl ?? null
}

/** The connections of several clients at once (a list), by client id. */
export async function listConnections(db: DB, clientIds: string[]): Promise<Map<string, ClientConnections>> {
  if (clientIds.length === 0) return new Map()
  const rows = await db.select(connectionFields).from(clients).where(inArray(clients.clientId, clientIds))
  return new Map(rows.map((row) => [row.clientId, toConnections(row)]))
}

/** The Yelp business a client is tied to and whether Yelp sends its webhooks (no token involved). */
export async function saveYelpBusiness(
  db: DB,
  clientId: string,
  business: { businessId: string; webhookSubscribed: boolean },
): Promise<void> {
  await mergeStoredConnection(db, 'yelp', clientId, business)
}
