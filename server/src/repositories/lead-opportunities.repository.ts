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

/**
 * The opportunity found or created for the lead in `pipelineId`: stored before anything else.
 * `syncedVersion` is the lead's status version GHL already holds with it (an adopted one is taken
 * as it is). False when another lead of the client owns it (the unique link): nothing is stored.
 */
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
    syncedVersion?: number
  },
): Promise<boolean> {
  const { clientId, leadId, syncedVersion, ...values } = link
  const synced =
    syncedVersion === undefined
      ? {}
      : { syncedVersion: sql`greatest(${leadOpportunities.syncedVersion}, ${syncedVersion})` }
  try {
    await db
      .insert(leadOpportunities)
      .values({ clientId, leadId, ...values, opportunityError: null, syncedVersion: syncedVersion ?? 0 })
      .onConflictDoUpdate({
        target: leadOpportunities.leadId,
        set: { ...values, ...synced, opportunityError: null, updatedAt: sql`now()` },
      })
    return true
  } catch (error) {
    if (isUniqueViolation(error)) return false
    throw error
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}

/** Which of `opportunityIds` a lead of the client other than `leadId` owns. */
export async function opportunitiesOwnedByOthers(
  db: DB,
  clientId: string,
  leadId: string,
  opportunityIds: readonly string[],
): Promise<Set<string>> {
  if (opportunityIds.length === 0) return new Set()
  const rows = await db
    .select({ opportunityId: leadOpportunities.opportunityId, leadId: leadOpportunities.leadId })
    .from(leadOpportunities)
    .where(
      and(
        eq(leadOpportunities.clientId, clientId),
        inArray(leadOpportunities.opportunityId, [...opportunityIds]),
      ),
    )
  return new Set(rows.filter((r) => r.leadId !== leadId).map((r) => r.opportunityId ?? ''))
}

/** GHL refused the lead an opportunity: it has none, and its details say why. */
export async function recordOpportunityRefusal(
  db: DB,
  clientId: string,
  leadId: string,
  error: string,
): Promise<void> {
  await ensureRow(db, clientId, leadId)
  await db
    .update(leadOpportunities)
    .set({
      opportunityId: null,
      pipelineId: null,
      stageId: null,
      ghlStatus: null,
      opportunityError: error,
      updatedAt: sql`now()`,
    })
    .where(eq(leadOpportunities.leadId, leadId))
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
 * GHL's state from one of its webhooks, sent at `eventAt` (GHL's clock). With `statusChanged`, the
 * lead's status changed to match: that change takes the next version, which GHL already holds
 * (nothing to write back).
 */
export async function recordGhlState(
  tx: DB,
  leadId: string,
  state: { stageId: string; ghlStatus: string; statusChanged: boolean; eventAt: Date | null },
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
      ...eventAtAdvance(state.eventAt),
      updatedAt: sql`now()`,
    })
    .where(eq(leadOpportunities.leadId, leadId))
}

/** A webhook that changed nothing (an echo or a repeat) still dates GHL's state. */
export async function recordGhlEventAt(tx: DB, leadId: string, eventAt: Date | null): Promise<void> {
  if (!eventAt) return
  await tx.update(leadOpportunities).set(eventAtAdvance(eventAt)).where(eq(leadOpportunities.leadId, leadId))
}

function eventAtAdvance(eventAt: Date | null) {
  if (!eventAt) return {}
  const at = eventAt.toISOString()
  return {
    ghlEventAt: sql`greatest(coalesce(${leadOpportunities.ghlEventAt}, ${at}::timestamptz), ${at}::timestamptz)`,
  }
}

/** Opportunity ids and "changed in GHL" times of the given leads, for the inbox views. */
export async function opportunitiesOfLeads(
  db: DB,
  leadIds: readonly string[],
): Promise<
  Map<string, { opportunityId: string | null; changedInGhlAt: Date | null; opportunityError: string | null }>
> {
  if (leadIds.length === 0) return new Map()
  const rows = await db
    .select({
      leadId: leadOpportunities.leadId,
      opportunityId: leadOpportunities.opportunityId,
      changedInGhlAt: leadOpportunities.changedInGhlAt,
      opportunityError: leadOpportunities.opportunityError,
    })
    .from(leadOpportunities)
    .where(inArray(leadOpportunities.leadId, [...leadIds]))
  return new Map(
    rows.map((r) => [
      r.leadId,
      {
        opportunityId: r.opportunityId,
        changedInGhlAt: r.changedInGhlAt,
        opportunityError: r.opportunityError,
      },
    ]),
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
