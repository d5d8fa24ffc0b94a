import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { clients, locations } from '../db/schema.ts'

// The daily Yelp subscription check's state per Yelp location (docs/decisions/0012, 0028): what it
// found at Yelp and whether a lapsed subscription could be restored. One location per client still,
// so a client id names it.

export const SUBSCRIPTION_STATES = ['active', 'restoring', 'failed'] as const
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number]

export interface SubscribedBusiness {
  clientId: string
  businessId: string
  state: SubscriptionState | null
  resubscribedAt: Date | null
}

/**
 * The businesses the hub subscribed to Yelp's webhooks (`webhookSubscribed`): those must stay
 * subscribed. Subscriptions use the app's API key, so a user token needing re-auth does not matter.
 */
export async function listSubscribedBusinesses(db: DB): Promise<SubscribedBusiness[]> {
  const rows = await db
    .select({
      clientId: locations.clientId,
      businessId: locations.businessId,
      state: locations.subscriptionState,
      resubscribedAt: locations.resubscribedAt,
    })
    .from(locations)
    .where(and(eq(locations.source, 'yelp'), eq(locations.webhookSubscribed, true)))
    .orderBy(asc(locations.clientId))
  return rows.map((row) => ({
    ...row,
    state: (SUBSCRIPTION_STATES as readonly string[]).includes(row.state ?? '')
      ? (row.state as SubscriptionState)
      : null,
  }))
}

export async function saveSubscriptionCheck(
  db: DB,
  clientId: string,
  check: { state: SubscriptionState; error: string | null; checkedAt: Date; resubscribedAt?: Date },
): Promise<void> {
  await db
    .update(locations)
    .set({
      subscriptionState: check.state,
      subscriptionError: check.error,
      subscriptionCheckedAt: check.checkedAt,
      ...(check.resubscribedAt ? { resubscribedAt: check.resubscribedAt } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(locations.clientId, clientId), eq(locations.source, 'yelp')))
}

/** Clients whose Yelp subscription could not be restored (System Health), by name. */
export async function listFailedSubscriptions(
  db: DB,
  clientIds: string[] | null,
): Promise<Array<{ clientId: string; name: string; error: string | null }>> {
  if (clientIds && clientIds.length === 0) return []
  return db
    .select({ clientId: clients.clientId, name: clients.name, error: locations.subscriptionError })
    .from(locations)
    .innerJoin(clients, eq(clients.clientId, locations.clientId))
    .where(
      and(
        eq(locations.subscriptionState, 'failed'),
        clientIds ? inArray(clients.clientId, clientIds) : undefined,
      ),
    )
    .orderBy(asc(clients.name))
    .limit(50)
}
