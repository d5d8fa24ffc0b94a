import { gt, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { clients, missedWebhooks } from '../db/schema.ts'
import { inClients } from './raw-rows.ts'

const DAY_MS = 24 * 3600_000

/**
 * Adds `found` updates the reconcile fetched for a client; a count older than a day starts over,
 * so the figure is "in the last day or so".
 */
export async function recordMissedWebhooks(
  db: DB,
  clientId: string,
  found: number,
  at = new Date(),
): Promise<void> {
  const dayAgo = new Date(at.getTime() - DAY_MS).toISOString()
  await db
    .insert(missedWebhooks)
    .values({ clientId, found, since: at, lastAt: at })
    .onConflictDoUpdate({
      target: missedWebhooks.clientId,
      set: {
        found: sql`case when ${missedWebhooks.since} < ${dayAgo}::timestamptz then ${found} else ${missedWebhooks.found} + ${found} end`,
        since: sql`case when ${missedWebhooks.since} < ${dayAgo}::timestamptz then ${at.toISOString()}::timestamptz else ${missedWebhooks.since} end`,
        lastAt: at,
      },
    })
}

/** Clients with updates found only by the reconcile since `since`, within the caller's scope. */
export async function listRecentMissedWebhooks(
  db: DB,
  since: Date,
  clientIds: readonly string[] | null,
): Promise<Array<{ name: string; found: number; lastAt: Date }>> {
  const rows = await db
    .select({ name: clients.name, found: missedWebhooks.found, lastAt: missedWebhooks.lastAt })
    .from(missedWebhooks)
    .innerJoin(clients, sql`${clients.clientId} = ${missedWebhooks.clientId}`)
    .where(
      clientIds
        ? sql`${gt(missedWebhooks.lastAt, since)} and ${inClients(sql`${missedWebhooks.clientId}`, clientIds)}`
        : gt(missedWebhooks.lastAt, since),
    )
  return rows
}
