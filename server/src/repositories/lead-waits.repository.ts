import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { leads, leadWaits } from '../db/schema.ts'
import { AWAITING_REPLY } from './lead-inbox.repository.ts'

// Who spoke last on a lead, and the consumer's waits (docs/spec/product.md §9.1).

export interface WaitRecord {
  startedAt: Date
  answeredAt: Date | null
}

/**
 * Stores a lead's waits as its events tell them. A wait answered by the hub before its echo came
 * back (or marked replied by phone) keeps the earlier answer: `least` ignores a null.
 */
export async function saveLeadWaits(
  db: DB,
  clientId: string,
  leadId: string,
  waits: WaitRecord[],
): Promise<void> {
  if (!waits.length) return
  await db
    .insert(leadWaits)
    .values(
      waits.map((wait) => ({ clientId, leadId, startedAt: wait.startedAt, answeredAt: wait.answeredAt })),
    )
    .onConflictDoUpdate({
      target: [leadWaits.leadId, leadWaits.startedAt],
      set: { answeredAt: sql`least(${leadWaits.answeredAt}, excluded.answered_at)` },
    })
}

/**
 * The business spoke at `at` (a reply the hub delivered, an automated message, a lead marked
 * replied by phone): the consumer messages until then are answered.
 */
export async function recordBusinessMessage(
  db: DB,
  clientId: string,
  leadId: string,
  at: Date,
): Promise<void> {
  const when = at.toISOString()
  await db
    .update(leads)
    .set({
      lastBusinessMessageAt: sql`greatest(${leads.lastBusinessMessageAt}, ${when}::timestamptz)`,
      waitingSince: sql`case when ${leads.waitingSince} <= ${when}::timestamptz then null else ${leads.waitingSince} end`,
    })
    .where(and(eq(leads.clientId, clientId), eq(leads.leadId, leadId)))
  await db
    .update(leadWaits)
    .set({ answeredAt: at })
    .where(and(eq(leadWaits.leadId, leadId), isNull(leadWaits.answeredAt), lte(leadWaits.startedAt, at)))
}

/** The visible leads awaiting a reply (read from the partial index leads_*awaiting_reply_idx). */
export async function countLeadsAwaitingReply(db: DB, clientIds: string[] | null): Promise<number> {
  if (clientIds && !clientIds.length) return 0
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(leads)
    .where(and(AWAITING_REPLY, clientIds ? inArray(leads.clientId, clientIds) : undefined))
  return row?.count ?? 0
}
