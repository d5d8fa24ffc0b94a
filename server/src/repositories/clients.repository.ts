import { and, asc, eq, getTableColumns, inArray, isNotNull, ne, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import {
  clients,
  ghlContacts,
  ghlCustomFields,
  leads,
  messages,
  userClientAssignments,
} from '../db/schema.ts'

/**
 * The connection JSON and the location API key: the connections repository reads their public
 * facts and the provider-token store their secrets, so a client row never carries them.
 */
const {
  yelpTokens: _yelpTokens,
  ghlTokens: _ghlTokens,
  ghlLocationApiKey: _ghlLocationApiKey,
  ...publicColumns
} = getTableColumns(clients)

/** A client's own columns: no token, no key (see connections.repository.ts for its connections). */
export type ClientRow = Omit<typeof clients.$inferSelect, 'yelpTokens' | 'ghlTokens' | 'ghlLocationApiKey'>

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
    | 'ghlLocationId'
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

/** The other client, if any, already tied to a Yelp business (webhooks route by business id). */
export async function findClientByBusinessId(
  db: DB,
  businessId: string,
  exceptClientId?: string,
): Promise<ClientRow | null> {
  const [row] = await db
    .select(publicColumns)
    .from(clients)
    .where(
      and(
        sql`${clients.yelpTokens}->>'businessId' = ${businessId}`,
        exceptClientId ? ne(clients.clientId, exceptClientId) : undefined,
      ),
    )
  return row ?? null
}

/** The clients of several Yelp businesses at once: business id → client id (a webhook batch). */
export async function findClientIdsByBusinessIds(
  db: DB,
  businessIds: string[],
): Promise<Map<string, string>> {
  if (businessIds.length === 0) return new Map()
  const businessId = sql<string>`${clients.yelpTokens}->>'businessId'`
  const rows = await db
    .select({ clientId: clients.clientId, businessId })
    .from(clients)
    .where(inArray(businessId, businessIds))
  return new Map(rows.map((row) => [row.businessId, row.clientId]))
}

/** The client connected to a GHL location (a reply names only the location and contact). */
export async function findClientByLocationId(
  db: DB,
  locationId: string,
  exceptClientId?: string,
): Promise<ClientRow | null> {
  const [row] = await db
    .select(publicColumns)
    .from(clients)
    .where(
      and(
        sql`coalesce(${clients.ghlLocationId}, ${clients.ghlTokens}->>'locationId') = ${locationId}`,
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
    .select({ clientId: clients.clientId, businessId: sql<string>`${clients.yelpTokens}->>'businessId'` })
    .from(clients)
    .where(
      and(
        isNotNull(sql`${clients.yelpTokens}->>'accessToken'`),
        isNotNull(sql`${clients.yelpTokens}->>'businessId'`),
        sql`coalesce((${clients.yelpTokens}->>'needsReauth')::boolean, false) = false`,
      ),
    )
}
