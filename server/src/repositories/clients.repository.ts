import { and, asc, eq, getTableColumns, inArray, isNotNull, ne, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import {
  clients,
  ghlContacts,
  ghlCustomFields,
  leads,
  locations,
  messages,
  providerConnections,
  userClientAssignments,
} from '../db/schema.ts'

/**
 * The legacy connection columns, always null since migration 0023 (docs/decisions/0028): a client's
 * connections are rows of their own, read by connections.repository.ts (public facts) and the
 * provider-token store (secrets), so a client row never carries them.
 */
const {
  yelpTokens: _yelpTokens,
  ghlTokens: _ghlTokens,
  ghlLocationApiKey: _ghlLocationApiKey,
  ghlLocationId: _ghlLocationId,
  yelpSubscriptionState: _yelpSubscriptionState,
  yelpSubscriptionCheckedAt: _yelpSubscriptionCheckedAt,
  yelpSubscriptionError: _yelpSubscriptionError,
  yelpResubscribedAt: _yelpResubscribedAt,
  ...publicColumns
} = getTableColumns(clients)

/** A client's own columns: no token, no key (see connections.repository.ts for its connections). */
export type ClientRow = Omit<
  typeof clients.$inferSelect,
  | 'yelpTokens'
  | 'ghlTokens'
  | 'ghlLocationApiKey'
  | 'ghlLocationId'
  | 'yelpSubscriptionState'
  | 'yelpSubscriptionCheckedAt'
  | 'yelpSubscriptionError'
  | 'yelpResubscribedAt'
>

/** All clients, or only those named (operators and viewers see their assigned ones). */
export async function listClients(db: DB, onlyClientIds: string[] | null): Promise<ClientRow[]> {
  if (onlyClientIds && onlyClientIds.length === 0) return []
  return db
    .select(publicColumns)
    .from(clients)
    .where(onlyClientIds ? inArray(clients.clientId, onlyClientIds) : undefined)
    .orderBy(asc(clients.name), asc(clients.clientId))
}

export async function findClient(db: DB, clientId: string): Promise<ClientRow | null> {
  const [row] = await db.select(publicColumns).from(clients).where(eq(clients.clientId, clientId))
  return row ?? null
}

/** The row locked until the transaction ends, for read-check-write of it and its connections. */
export async function lockClient(db: DB, clientId: string): Promise<ClientRow | null> {
  const [row] = await db
    .select(publicColumns)
    .from(clients)
    .where(eq(clients.clientId, clientId))
    .for('update')
  return row ?? null
}

export async function insertClient(
  db: DB,
  client: { clientId: string; name: string; email: string | null },
): Promise<ClientRow | null> {
  const [row] = await db
    .insert(clients)
    .values(client)
    .onConflictDoNothing({ target: clients.clientId })
    .returning(publicColumns)
  return row ?? null
}

export type ClientPatch = Partial<
  Pick<
    ClientRow,
    | 'name'
    | 'email'
    | 'isActive'
    | 'ghlCustomFields'
    | 'ghlCustomFieldsStatus'
    | 'ghlCustomFieldsCount'
    | 'onboardingNonce'
    | 'onboardingExpiresAt'
    | 'onboardingOutlivesConnection'
  >
>

export async function updateClient(db: DB, clientId: string, patch: ClientPatch): Promise<ClientRow | null> {
  const [row] = await db
    .update(clients)
    .set({ ...patch, lastActivity: sql`now()` })
    .where(eq(clients.clientId, clientId))
    .returning(publicColumns)
  return row ?? null
}

/** Removes the client and everything that belongs to it; call inside one transaction. */
/**
 * Leads, contacts, messages, claims and imports also go by their foreign keys' cascade, which is
 * what keeps a sync still running for this client from writing them again (its insert fails).
 */
export async function deleteClientAndData(db: DB, clientId: string): Promise<void> {
  await db.delete(messages).where(eq(messages.clientId, clientId))
  await db.delete(leads).where(eq(leads.clientId, clientId))
  await db.delete(ghlContacts).where(eq(ghlContacts.clientId, clientId))
  await db.delete(ghlCustomFields).where(eq(ghlCustomFields.clientId, clientId))
  await db.delete(userClientAssignments).where(eq(userClientAssignments.clientId, clientId))
  await db.delete(clients).where(eq(clients.clientId, clientId))
}

/** The client's Yelp location (one per client still). */
const yelpLocationOf = and(eq(locations.clientId, clients.clientId), eq(locations.source, 'yelp'))

/** The other client, if any, already tied to a Yelp business (webhooks route by business id). */
export async function findClientByBusinessId(
  db: DB,
  businessId: string,
  exceptClientId?: string,
): Promise<ClientRow | null> {
  const [row] = await db
    .select(publicColumns)
    .from(locations)
    .innerJoin(clients, eq(clients.clientId, locations.clientId))
    .where(
      and(
        eq(locations.source, 'yelp'),
        eq(locations.businessId, businessId),
        exceptClientId ? ne(clients.clientId, exceptClientId) : undefined,
      ),
    )
  return row ?? null
}

/**
 * The clients of several Yelp businesses at once: business id → client id (a webhook batch, on the
 * acknowledgement's path): one lookup of the locations' unique (source, business id) index.
 */
export async function findClientIdsByBusinessIds(
  db: DB,
  businessIds: string[],
): Promise<Map<string, string>> {
  if (businessIds.length === 0) return new Map()
  const rows = await db
    .select({ clientId: locations.clientId, businessId: locations.businessId })
    .from(locations)
    .where(and(eq(locations.source, 'yelp'), inArray(locations.businessId, businessIds)))
  return new Map(rows.map((row) => [row.businessId, row.clientId]))
}

/** The location a GHL connection is for: the one it was set up for, else its OAuth grant's. */
const ghlLocationOf = sql`coalesce(${providerConnections.accountId}, ${providerConnections.facts}->>'locationId')`

/** The client connected to a GHL location (a reply names only the location and contact). */
export async function findClientByLocationId(
  db: DB,
  locationId: string,
  exceptClientId?: string,
): Promise<ClientRow | null> {
  const [row] = await db
    .select(publicColumns)
    .from(providerConnections)
    .innerJoin(clients, eq(clients.clientId, providerConnections.clientId))
    .where(
      and(
        // A literal, not a parameter: the partial index's predicate must match the query's.
        sql`${providerConnections.provider} = 'ghl'`,
        sql`${ghlLocationOf} = ${locationId}`,
        exceptClientId ? ne(clients.clientId, exceptClientId) : undefined,
      ),
    )
  return row ?? null
}

/** Clients with a usable Yelp connection (a token and a business, no re-authorization pending). */
export async function listYelpConnectedBusinesses(
  db: DB,
): Promise<{ clientId: string; businessId: string }[]> {
  return db
    .select({ clientId: clients.clientId, businessId: locations.businessId })
    .from(clients)
    .innerJoin(locations, yelpLocationOf)
    .innerJoin(providerConnections, eq(providerConnections.id, locations.connectionId))
    .where(
      and(
        isNotNull(providerConnections.accessToken),
        sql`coalesce((${providerConnections.facts}->>'needsReauth')::boolean, false) = false`,
      ),
    )
}
