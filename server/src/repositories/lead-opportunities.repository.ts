import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { ghlWebhookReceipts, leadOpportunities } from '../db/schema.ts'

export type LeadOpportunityRow = typeof leadOpportunities.$inferSelect
export type HubWrite = LeadOpportunityRow['recentWrites'][number]

/** How many of the hub's own moves are remembered to recognise their webhooks coming back. */
const RECENT_WRITES_KEPT = 5

export async function findLeadOpportunity(db: DB, leadId: string): Promise<LeadOpportunityRow | null> {
  const [row] = await db.select().from(leadOpportunities).where(eq(leadOpportunities.leadId, leadId))
  return row ?? null
}

/** Locks the lead's row (made if missing) for a status change inside `tx`. */
async function ensureRow(tx: DB, clientId: string, leadId: string): Promise<void> {
  await tx.insert(leadOpportunities).values({ clientId, leadId }).onConflictDoNothing()
}

/** A status change made in the hub takes the lead's next version; returns it. */
export async function nextStatusVersion(tx: DB, clientId: string, leadId: string): Promise<number> {
  await ensureRow(tx, clientId, leadId)
  const [row] = await tx
    .update(leadOpportunities)
    .set({ statusVersion: sql`${leadOpportunities.statusVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(leadOpportunities.leadId, leadId))
    .returning({ version: leadOpportunities.statusVersion })
  return row?.version ?? 0
}

/** The opportunity found or created for the lead in `pipelineId`: stored before anything else. */
export async function linkOpportunity(
  db: DB,
  link: {
    clientId: string
    leadId: string
    opportunityId: string
    pipelineId: string
    locationId: string
    stageId: string | null
    ghlStatus: string | null
  },
): Promise<void> {
  const { clientId, leadId, ...values } = link
  await db
    .insert(leadOpportunities)
    .values({ clientId, leadId, ...values })
    .onConflictDoUpdate({ target: leadOpportunities.leadId, set: { ...values, updatedAt: sql`now()` } })
}

/**
 * Remembered before the move is sent: GHL may send its webhook for the move before it answers
 * (docs/providers/ghl.md §11 "expect the echo"), and that webhook must be known as the hub's own.
 */
export async function rememberHubWrite(
  db: DB,
  leadId: string,
  write: { stageId: string; status: string },
): Promise<void> {
  const entry: HubWrite = { stageId: write.stageId, status: write.status, at: new Date().toISOString() }
  await db
    .update(leadOpportunities)
    .set({
      recentWrites: sql`(select coalesce(jsonb_agg(w), '[]'::jsonb) from (select w from jsonb_array_elements(${leadOpportunities.recentWrites} || ${JSON.stringify([entry])}::jsonb) with ordinality as t(w, n) order by n desc limit ${RECENT_WRITES_KEPT}) as kept)`,
      updatedAt: sql`now()`,
    })
    .where(eq(leadOpportunities.leadId, leadId))
}

/** After a move GHL accepted: GHL holds `version` (never lowered) at the stage and status written. */
export async function recordHubWrite(
  db: DB,
  leadId: string,
  write: { stageId: string; status: string; version: number },
): Promise<void> {
  await db
    .update(leadOpportunities)
    .set({
      stageId: write.stageId,
      ghlStatus: write.status,
      syncedVersion: sql`greatest(${leadOpportunities.syncedVersion}, ${write.version})`,
      updatedAt: sql`now()`,
    })
    .where(eq(leadOpportunities.leadId, leadId))
}

/** Marks `version` as held by GHL without a write (it already showed that stage and status). */
export async function markSynced(db: DB, leadId: string, version: number): Promise<void> {
  await db
    .update(leadOpportunities)
    .set({
      syncedVersion: sql`greatest(${leadOpportunities.syncedVersion}, ${version})`,
      updatedAt: sql`now()`,
    })
    .where(eq(leadOpportunities.leadId, leadId))
}

/** The lead whose opportunity this is, in the client's location; locked for the update. */
export async function findByOpportunityId(
  tx: DB,
  clientId: string,
  opportunityId: string,
): Promise<LeadOpportunityRow | null> {
  const [row] = await tx
    .select()
    .from(leadOpportunities)
    .where(and(eq(leadOpportunities.clientId, clientId), eq(leadOpportunities.opportunityId, opportunityId)))
    .for('update')
  return row ?? null
}

/**
 * GHL's state from one of its webhooks. With `statusChanged`, the lead's status changed to match:
 * that change takes the next version, which GHL already holds (nothing to write back).
 */
export async function recordGhlState(
  tx: DB,
  leadId: string,
  state: { stageId: string; ghlStatus: string; statusChanged: boolean },
): Promise<void> {
  await tx
    .update(leadOpportunities)
    .set({
      stageId: state.stageId,
      ghlStatus: state.ghlStatus,
      ...(state.statusChanged
        ? {
            statusVersion: sql`${leadOpportunities.statusVersion} + 1`,
            syncedVersion: sql`${leadOpportunities.statusVersion} + 1`,
            changedInGhlAt: sql`now()`,
          }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(leadOpportunities.leadId, leadId))
}

/** Opportunity ids and "changed in GHL" times of the given leads, for the inbox views. */
export async function opportunitiesOfLeads(
  db: DB,
  leadIds: readonly string[],
): Promise<Map<string, { opportunityId: string | null; changedInGhlAt: Date | null }>> {
  if (leadIds.length === 0) return new Map()
  const rows = await db
    .select({
      leadId: leadOpportunities.leadId,
      opportunityId: leadOpportunities.opportunityId,
      changedInGhlAt: leadOpportunities.changedInGhlAt,
    })
    .from(leadOpportunities)
    .where(inArray(leadOpportunities.leadId, [...leadIds]))
  return new Map(
    rows.map((r) => [r.leadId, { opportunityId: r.opportunityId, changedInGhlAt: r.changedInGhlAt }]),
  )
}

/** Records a GHL webhook's id; false when it was recorded before (a replay or a retry). */
export async function claimGhlWebhook(tx: DB, webhookId: string, type: string): Promise<boolean> {
  const rows = await tx
    .insert(ghlWebhookReceipts)
    .values({ webhookId, type })
    .onConflictDoNothing()
    .returning({ webhookId: ghlWebhookReceipts.webhookId })
  return rows.length > 0
}

/**
 * Forgets webhook ids older than `before`: GHL's retries end about 70 minutes after the first
 * attempt and older webhooks are refused by their timestamp (docs/providers/ghl.md §10), so a day
 * is ample. Returns how many were forgotten.
 */
export async function purgeGhlWebhookReceipts(db: DB, before: Date): Promise<number> {
  const rows = await db
    .delete(ghlWebhookReceipts)
    .where(lt(ghlWebhookReceipts.receivedAt, before))
    .returning({ webhookId: ghlWebhookReceipts.webhookId })
  return rows.length
}
