import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { clients } from '../db/schema.ts'

// The daily Yelp subscription check's state per client (docs/decisions/0012): what it found at Yelp and
// whether a lapsed subscription could be restored.

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
      clientId: clients.clientId,
      businessId: sql<string>`${clients.yelpTokens}->>'businessId'`,
      state: clients.yelpSubscriptionState,
      resubscribedAt: clients.yelpResubscribedAt,
    })
    .from(clients)
    .where(
      and(
        isNotNull(sql`${clients.yelpTokens}->>'businessId'`),
        sql`coalesce((${clients.yelpTokens}->>'webhookSubscribed')::boolean, false)`,
      ),
    )
    .orderBy(asc(clients.clientId))
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
    .update(clients)
    .set({
      yelpSubscriptionState: check.state,
      yelpSubscriptionError: check.error,
      yelpSubscriptionCheckedAt: check.checkedAt,
      ...(check.resubscribedAt ? { yelpResubscribedAt: check.resubscribedAt } : {}),
    })
    .where(eq(clients.clientId, clientId))
}

/** Clients whose Yelp subscription could not be restored (System Health), by name. */
export async function listFailedSubscriptions(
  db: DB,
  clientIds: string[] | null,
): Promise<Array<{ clientId: string; name: string; error: string | null }>> {
  if (clientIds && clientIds.length === 0) return []
  return db
    .select({ clientId: clients.clientId, name: clients.name, error: clients.yelpSubscriptionError })
    .from(clients)
    .where(
      and(
        eq(clients.yelpSubscriptionState, 'failed'),
        clientIds ? inArray(clients.clientId, clientIds) : undefined,
      ),
    )
    .orderBy(asc(clients.name))
    .limit(50)
}
