import { and, eq, inArray, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import type { DB } from '../db/database.ts'
import { clients, locations, providerConnections } from '../db/schema.ts'
import {
  ghlFactsSchema,
  mergeStoredConnection,
  saveConnectionColumns,
  yelpFactsSchema,
} from './stored-connections.ts'

// A client's Yelp and GHL connections as the product reads them: public facts only, from its
// `provider_connections` rows and its Yelp location (docs/decisions/0028). Their sealed tokens and
// the location API key are never selected here (repositories/provider-tokens.store.ts holds those);
// "connected" and "has an API key" are answered by the database.

const connectionRowSchema = z.object({
  clientId: z.string(),
  yelpFacts: yelpFactsSchema.nullable(),
  yelpConnected: z.boolean(),
  businessId: z.string().nullable(),
  webhookSubscribed: z.boolean().nullable(),
  subscriptionState: z.string().nullable(),
  subscriptionCheckedAt: z.date().nullable(),
  subscriptionError: z.string().nullable(),
  ghlFacts: ghlFactsSchema.nullable(),
  ghlConnected: z.boolean(),
  ghlAccountId: z.string().nullable(),
  hasApiKey: z.boolean(),
})

const yelpConnectionSchema = connectionRowSchema.transform((row) => {
  const facts = row.yelpFacts
  const needsReauth = facts?.needsReauth === true
  return {
    clientId: row.clientId,
    /** Something is stored for Yelp (a saved business id counts), with or without tokens. */
    hasRecord: facts !== null || row.businessId !== null,
    connected: row.yelpConnected,
    /** The business of the client's Yelp location. */
    businessId: row.businessId,
    webhookSubscribed: row.webhookSubscribed === true,
    expiresAt: facts?.expiresAt ?? null,
    /** Its owner must authorize again; the jobs using it park meanwhile. */
    needsReauth,
    reauthReason: needsReauth ? (facts?.reauthReason ?? null) : null,
    /** The daily subscription check's last finding for the location (docs/decisions/0012); null before one. */
    subscription: {
      state: row.subscriptionState,
      checkedAt: row.subscriptionCheckedAt,
      error: row.subscriptionError,
    },
  }
})

const ghlConnectionSchema = connectionRowSchema.transform((row) => {
  const facts = row.ghlFacts
  const needsReauth = facts?.needsReauth === true
  return {
    clientId: row.clientId,
    connected: row.ghlConnected,
    /** The location the client is set up for (saved with its API key), else the OAuth grant's. */
    locationId: row.ghlAccountId ?? facts?.locationId ?? null,
    /** The location the client is set up for, when one was saved (an OAuth grant must match it). */
    configuredLocationId: row.ghlAccountId,
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

const yelpConnection = alias(providerConnections, 'yelp_connection')
const ghlConnection = alias(providerConnections, 'ghl_connection')
const yelpLocation = alias(locations, 'yelp_location')

const connectionFields = {
  clientId: clients.clientId,
  yelpFacts: yelpConnection.facts,
  yelpConnected: sql<boolean>`coalesce(${yelpConnection.accessToken}, '') <> ''`.mapWith(Boolean),
  businessId: yelpLocation.businessId,
  webhookSubscribed: yelpLocation.webhookSubscribed,
  subscriptionState: yelpLocation.subscriptionState,
  subscriptionCheckedAt: yelpLocation.subscriptionCheckedAt,
  subscriptionError: yelpLocation.subscriptionError,
  ghlFacts: ghlConnection.facts,
  ghlConnected: sql<boolean>`coalesce(${ghlConnection.accessToken}, '') <> ''`.mapWith(Boolean),
  ghlAccountId: ghlConnection.accountId,
  hasApiKey: sql<boolean>`coalesce(${ghlConnection.apiKey}, '') <> ''`.mapWith(Boolean),
}

/** Clients with their Yelp connection, Yelp location and GHL connection (each optional). */
function selectConnections(db: DB) {
  return db
    .select(connectionFields)
    .from(clients)
    .leftJoin(
      yelpConnection,
      and(eq(yelpConnection.clientId, clients.clientId), eq(yelpConnection.provider, 'yelp')),
    )
    .leftJoin(yelpLocation, and(eq(yelpLocation.clientId, clients.clientId), eq(yelpLocation.source, 'yelp')))
    .leftJoin(
      ghlConnection,
      and(eq(ghlConnection.clientId, clients.clientId), eq(ghlConnection.provider, 'ghl')),
    )
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
  const [row] = await selectConnections(db).where(eq(clients.clientId, clientId))
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
  const rows = await selectConnections(db).where(inArray(clients.clientId, clientIds))
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

/** The GHL location the client is set up for (null: none saved); the OAuth grant's stays apart. */
export async function saveGhlLocation(db: DB, clientId: string, locationId: string | null): Promise<void> {
  await saveConnectionColumns(db, 'ghl', clientId, { accountId: locationId })
}
