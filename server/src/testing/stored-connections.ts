import { and, eq, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { providerConnections } from '../db/schema.ts'
import { mergeStoredConnection, type Provider, type StoredPatch } from '../repositories/stored-connections.ts'

// Tests' way to put a client's connection in a given state without the screens or OAuth: the same
// write the product makes (tokens into their columns, facts into the facts JSON, a Yelp business into
// the client's location), and a raw read of what is stored, sealed values included.

/** Merges `patch` (token values as they should be stored, i.e. sealed) into the client's connection. */
export async function seedConnection<P extends Provider>(
  db: DB,
  provider: P,
  clientId: string,
  patch: StoredPatch<P>,
): Promise<void> {
  if (!(await mergeStoredConnection(db, provider, clientId, patch)))
    throw new Error(`seedConnection: no client ${clientId}`)
}

/** The stored connection as the store reads it: its facts beside its sealed tokens; null when none. */
export async function readStoredConnection(
  db: DB,
  provider: Provider,
  clientId: string,
): Promise<Record<string, unknown> | null> {
  const [row] = await db
    .select()
    .from(providerConnections)
    .where(and(eq(providerConnections.clientId, clientId), eq(providerConnections.provider, provider)))
  if (!row) return null
  return { ...row.facts, accessToken: row.accessToken, refreshToken: row.refreshToken }
}

/** Removes facts keys from the stored connection (e.g. a "needs re-auth" mark a test raised). */
export async function dropConnectionFacts(
  db: DB,
  provider: Provider,
  clientId: string,
  keys: string[],
): Promise<void> {
  let facts = sql`${providerConnections.facts}`
  for (const key of keys) facts = sql`${facts} - ${key}::text`
  await db
    .update(providerConnections)
    .set({ facts })
    .where(and(eq(providerConnections.clientId, clientId), eq(providerConnections.provider, provider)))
}

/** Replaces the stored facts as they are, valid or not (to test that a malformed one is refused). */
export async function overwriteConnectionFacts(
  db: DB,
  provider: Provider,
  clientId: string,
  facts: Record<string, unknown>,
): Promise<void> {
  await mergeStoredConnection(db, provider, clientId, {})
  await db
    .update(providerConnections)
    .set({ facts })
    .where(and(eq(providerConnections.clientId, clientId), eq(providerConnections.provider, provider)))
}
