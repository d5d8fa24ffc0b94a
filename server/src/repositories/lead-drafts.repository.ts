import type { DraftKind } from '@common/lead-automation.ts'
import { and, asc, eq, isNotNull } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { leadDrafts } from '../db/schema.ts'

// Texts waiting for a person's approval (docs/spec/product.md §9.2 suggest mode, §9.6 AI drafts).

export type DraftRow = typeof leadDrafts.$inferSelect

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
): Promise<DraftRow> {
  const [row] = await db.insert(leadDrafts).values(draft).returning()
  if (!row) throw new Error(`Draft ${draft.id} of lead ${draft.leadId} was not stored`)
  return row
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
