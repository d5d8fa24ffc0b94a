import { eq, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { leads } from '../db/schema.ts'

// Read receipts (docs/decisions/0012): which consumer event of a lead a person opened (and so was queued
// to be marked read on Yelp), and which one Yelp confirmed, with when it was read.

export interface LeadReadState {
  leadId: string
  clientId: string
  events: unknown[]
  readRequestedEventId: string | null
  readEventId: string | null
}

/** The lead's events and read markers, locked until the transaction ends (one request at a time). */
export async function lockLeadReadState(db: DB, leadId: string): Promise<LeadReadState | null> {
  const [row] = await db
    .select({
      leadId: leads.leadId,
      clientId: leads.clientId,
      events: leads.events,
      readRequestedEventId: leads.readRequestedEventId,
      readEventId: leads.readEventId,
    })
    .from(leads)
    .where(eq(leads.leadId, leadId))
    .for('update')
  return row ? { ...row, events: row.events ?? [] } : null
}

export async function setReadRequested(db: DB, leadId: string, eventId: string): Promise<void> {
  await db.update(leads).set({ readRequestedEventId: eventId }).where(eq(leads.leadId, leadId))
}

/** Yelp confirmed the mark: the event (and every earlier one) is read since `readAt`. */
export async function recordLeadRead(db: DB, leadId: string, eventId: string, readAt: Date): Promise<void> {
  await db
    .update(leads)
    .set({ readEventId: eventId, readAt, updatedAt: sql`now()` })
    .where(eq(leads.leadId, leadId))
}
