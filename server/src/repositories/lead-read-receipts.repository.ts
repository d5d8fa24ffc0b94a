import { type LeadMessage, storedMessagesOf } from '@common/lead-model.ts'
import { eq, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { leads } from '../db/schema.ts'

// Read receipts (docs/decisions/0012): which consumer event of a lead a person opened (and so was queued
// to be marked read on Yelp), and which one Yelp confirmed, with when it was read.

export interface LeadReadState {
  leadId: string
  clientId: string
  /** The lead's source (engine/sources/sources.ts), which is told of the read. */
  source: string
  /** The stored conversation, oldest first (common/lead-model.ts). */
  messages: LeadMessage[]
  readRequestedEventId: string | null
  readEventId: string | null
}

/** The lead's messages and read markers, locked until the transaction ends (one request at a time). */
export async function lockLeadReadState(db: DB, leadId: string): Promise<LeadReadState | null> {
  const [row] = await db
    .select({
      leadId: leads.leadId,
      clientId: leads.clientId,
      source: leads.source,
      events: leads.events,
      readRequestedEventId: leads.readRequestedEventId,
      readEventId: leads.readEventId,
    })
    .from(leads)
    .where(eq(leads.leadId, leadId))
    .for('update')
  if (!row) return null
  const { events: _stored, ...markers } = row
  return { ...markers, messages: storedMessagesOf(row) }
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
