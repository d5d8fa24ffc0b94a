import { and, eq, isNull, lte, or, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { leads } from '../db/schema.ts'
import { recordBusinessMessage } from './lead-waits.repository.ts'

// What a lead cost and how fast it was answered, kept on the lead (docs/decisions/0014).

/** Whether the lead's Yelp metrics were asked for already (null: no such lead). */
export async function findLeadMetricsFetchedAt(
  db: DB,
  clientId: string,
  leadId: string,
): Promise<{ metricsFetchedAt: Date | null; source: string } | null> {
  const [row] = await db
    .select({ metricsFetchedAt: leads.metricsFetchedAt, source: leads.source })
    .from(leads)
    .where(and(eq(leads.clientId, clientId), eq(leads.leadId, leadId)))
  return row ?? null
}

/** Stores the lead's cost once: a second job for the same lead finds it recorded and changes nothing. */
export async function recordLeadCost(
  db: DB,
  clientId: string,
  leadId: string,
  cost: { cents: number | null; currency: string | null },
  fetchedAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(leads)
    .set({ costPerLeadCents: cost.cents, costCurrency: cost.currency, metricsFetchedAt: fetchedAt })
    .where(and(eq(leads.clientId, clientId), eq(leads.leadId, leadId), isNull(leads.metricsFetchedAt)))
    .returning({ leadId: leads.leadId })
  return rows.length > 0
}

/**
 * A business reply from GHL or the inbox reached Yelp (reply.handler.ts): it counts from when it
 * was written, if that is earlier than the reply known and not before the consumer's first message.
 */
export async function recordBusinessReply(db: DB, clientId: string, leadId: string, at: Date): Promise<void> {
  await recordBusinessMessage(db, clientId, leadId, at)
  await db
    .update(leads)
    .set({ firstBusinessReplyAt: at })
    .where(
      and(
        eq(leads.clientId, clientId),
        eq(leads.leadId, leadId),
        lte(leads.firstConsumerMessageAt, at),
        or(
          isNull(leads.firstBusinessReplyAt),
          sql`${leads.firstBusinessReplyAt} > ${at.toISOString()}::timestamptz`,
        ),
      ),
    )
}
