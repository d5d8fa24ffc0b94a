import { and, count, eq, gt, inArray, or, sql } from 'drizzle-orm'
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
    .onConflictDoUpdate({
      target: leads.leadId,
      set: {
        ...rest,
        // An operator's email/phone edit (repositories/lead-inbox.repository.ts setLeadContact) outlives
        // Yelp's values: it is re-applied over them on every refresh.
        userData: sql`case when ${leads.userData} ? 'operator_contact' then excluded.user_data || jsonb_strip_nulls(${leads.userData}->'operator_contact') || jsonb_build_object('operator_contact', ${leads.userData}->'operator_contact') else excluded.user_data end`,
        updatedAt: sql`now()`,
      },
    })
}

export async function findLead(db: DB, clientId: string, leadId: string): Promise<LeadRow | null> {
  const [row] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.clientId, clientId), eq(leads.leadId, leadId)))
  return row ?? null
}

/** How many leads a client has stored, counted by the database (not loaded with their events). */
export async function countLeadsOfClient(db: DB, clientId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(leads).where(eq(leads.clientId, clientId))
  return row?.n ?? 0
}

export async function listLeadsOfClient(db: DB, clientId: string): Promise<LeadRow[]> {
  return db.select().from(leads).where(eq(leads.clientId, clientId)).orderBy(leads.timeCreated)
}

/** Ids of a client's stored leads with an event after `since`, or among `among`. */
export async function listStoredLeadIds(
  db: DB,
  clientId: string,
  { activeSince, among }: { activeSince: Date; among: string[] },
): Promise<string[]> {
  const rows = await db
    .select({ leadId: leads.leadId })
    .from(leads)
    .where(
      and(
        sql`${leads.clientId} = ${clientId}`,
        or(gt(leads.lastEventTime, activeSince), among.length ? inArray(leads.leadId, among) : undefined),
      ),
    )
  return rows.map((row) => row.leadId)
}

/**
 * The embedded database has no autovacuum: without this, the inbox's counts and facets stop
 * being index-only scans and read the whole table (bench/RESULTS.md, issue 13).
 */
export async function vacuumLeads(db: DB): Promise<void> {
  await db.execute(sql`vacuum (analyze) leads`)
}
