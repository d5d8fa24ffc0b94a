import { and, eq, gt, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { leads } from '../db/schema.ts'

export type LeadRow = typeof leads.$inferSelect
export type LeadFields = Omit<typeof leads.$inferInsert, 'id' | 'status' | 'createdAt' | 'updatedAt'>

/** Inserts or refreshes a lead from Yelp; the operator's status is never overwritten. */
export async function upsertLead(db: DB, lead: LeadFields): Promise<void> {
  const { leadId, ...rest } = lead
  await db
    .insert(leads)
    .values(lead)
    .onConflictDoUpdate({ target: leads.leadId, set: { ...rest, updatedAt: sql`now()` } })
}

export async function findLead(db: DB, clientId: string, leadId: string): Promise<LeadRow | null> {
  const [row] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.clientId, clientId), eq(leads.leadId, leadId)))
  return row ?? null
}

export async function listLeadsOfClient(db: DB, clientId: string): Promise<LeadRow[]> {
  return db.select().from(leads).where(eq(leads.clientId, clientId)).orderBy(leads.timeCreated)
}

/** Ids of a client's leads with an event after `since`. */
export async function listLeadIdsActiveSince(db: DB, clientId: string, since: Date): Promise<string[]> {
  const rows = await db
    .select({ leadId: leads.leadId })
    .from(leads)
    .where(and(sql`${leads.clientId} = ${clientId}`, gt(leads.lastEventTime, since)))
  return rows.map((row) => row.leadId)
}
