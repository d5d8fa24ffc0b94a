import type { DraftKind } from '@common/lead-automation.ts'
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { leadDrafts } from '../db/schema.ts'
import { markDraftedStepDiscarded } from './lead-automation.repository.ts'

// Texts waiting for a person's approval (docs/spec/product.md §9.2 suggest mode, §9.6 AI drafts).

export type DraftRow = typeof leadDrafts.$inferSelect

/**
 * Stores a draft in place of the lead's draft of the same kind, if any: a lead has one draft per
 * kind (issue 35, unique index lead_drafts_lead_kind_idx), so asking the model again gives a new
 * text instead of a second draft beside the first. A replaced draft of an automation step ends
 * that step as discarded, as a person's Discard would. Answers the new row and the one replaced.
 */
export async function insertDraft(
  db: DB,
  draft: {
    id: string
    clientId: string
    leadId: string
    kind: DraftKind
    text: string
    automationId?: number
  },
): Promise<{ row: DraftRow; replaced: DraftRow | null }> {
  const automationId = draft.automationId ?? null
  // Locked: two requests for the same lead and kind replace one after the other.
  const [replaced] = await db
    .select()
    .from(leadDrafts)
    .where(and(eq(leadDrafts.leadId, draft.leadId), eq(leadDrafts.kind, draft.kind)))
    .for('update')
  const [row] = await db
    .insert(leadDrafts)
    .values({ ...draft, automationId })
    .onConflictDoUpdate({
      target: [leadDrafts.leadId, leadDrafts.kind],
      set: { id: draft.id, clientId: draft.clientId, text: draft.text, automationId, createdAt: sql`now()` },
    })
    .returning()
  if (!row) throw new Error(`Draft ${draft.id} of lead ${draft.leadId} was not stored`)
  if (replaced?.automationId && replaced.automationId !== automationId)
    await markDraftedStepDiscarded(db, replaced.automationId, row.createdAt)
  return { row, replaced: replaced ?? null }
}

/** A lead's drafts, oldest first. */
export async function listDrafts(db: DB, leadId: string): Promise<DraftRow[]> {
  return db.select().from(leadDrafts).where(eq(leadDrafts.leadId, leadId)).orderBy(asc(leadDrafts.createdAt))
}

export async function findDraft(db: DB, leadId: string, draftId: string): Promise<DraftRow | null> {
  const [row] = await db
    .select()
    .from(leadDrafts)
    .where(and(eq(leadDrafts.leadId, leadId), eq(leadDrafts.id, draftId)))
  return row ?? null
}

/**
 * Removes a draft and answers it, or null when it is gone: of two people sending (or one sending
 * and one discarding) the same draft, one gets it.
 */
export async function takeDraft(db: DB, leadId: string, draftId: string): Promise<DraftRow | null> {
  const [row] = await db
    .delete(leadDrafts)
    .where(and(eq(leadDrafts.leadId, leadId), eq(leadDrafts.id, draftId)))
    .returning()
  return row ?? null
}

/** The drafts that stand for automation steps (first replies and follow-ups, AI-written or not). */
export async function deleteAutomationDraftsOfLead(db: DB, leadId: string): Promise<number> {
  const rows = await db
    .delete(leadDrafts)
    .where(and(eq(leadDrafts.leadId, leadId), isNotNull(leadDrafts.automationId)))
    .returning({ id: leadDrafts.id })
  return rows.length
}

/** How many leads of these clients (null: every client) have a draft waiting (GET /api/stats). */
export async function countLeadsWithDraft(db: DB, clientIds: readonly string[] | null): Promise<number> {
  if (clientIds && clientIds.length === 0) return 0
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${leadDrafts.leadId})::int` })
    .from(leadDrafts)
    .where(clientIds ? inArray(leadDrafts.clientId, [...clientIds]) : undefined)
  return row?.count ?? 0
}

/** Whether a draft of the lead waits for a person (a `lead.unanswered` alert says so). */
export async function leadHasDraft(db: DB, leadId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: leadDrafts.id })
    .from(leadDrafts)
    .where(eq(leadDrafts.leadId, leadId))
    .limit(1)
  return row !== undefined
}
