import { and, asc, eq, inArray } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { leadActivity } from '../db/schema.ts'

// A lead's timeline entries beyond its conversation (docs/decisions/0012): replies made outside Yelp.

export const REPLIED_KINDS = ['replied_phone', 'replied_email'] as const
export type RepliedKind = (typeof REPLIED_KINDS)[number]

export interface LeadActivityRow {
  id: number
  kind: string
  actorUsername: string | null
  detail: string | null
  createdAt: Date
}

const columns = {
  id: leadActivity.id,
  kind: leadActivity.kind,
  actorUsername: leadActivity.actorUsername,
  detail: leadActivity.detail,
  createdAt: leadActivity.createdAt,
}

export async function listLeadActivity(db: DB, leadId: string): Promise<LeadActivityRow[]> {
  return db
    .select(columns)
    .from(leadActivity)
    .where(eq(leadActivity.leadId, leadId))
    .orderBy(asc(leadActivity.createdAt), asc(leadActivity.id))
}

/** The lead's replied mark, if it has one (a lead is marked replied once). */
export async function findRepliedActivity(db: DB, leadId: string): Promise<LeadActivityRow | null> {
  const [row] = await db
    .select(columns)
    .from(leadActivity)
    .where(and(eq(leadActivity.leadId, leadId), inArray(leadActivity.kind, [...REPLIED_KINDS])))
    .limit(1)
  return row ?? null
}

/** Records the replied mark; null when another one was recorded first (the unique index). */
export async function insertRepliedActivity(
  db: DB,
  entry: {
    clientId: string
    leadId: string
    kind: RepliedKind
    actorUsername: string
    detail: string | null
  },
): Promise<LeadActivityRow | null> {
  const [row] = await db.insert(leadActivity).values(entry).onConflictDoNothing().returning(columns)
  return row ?? null
}

/** A lead status GHL changed (docs/spec/product.md §9.4): shown on the lead as "changed in GHL". */
export const STATUS_CHANGED_IN_GHL = 'status_changed_in_ghl'

export async function insertStatusChangedInGhl(
  db: DB,
  entry: { clientId: string; leadId: string; detail: string },
): Promise<void> {
  await db.insert(leadActivity).values({ ...entry, kind: STATUS_CHANGED_IN_GHL, actorUsername: 'GHL' })
}
