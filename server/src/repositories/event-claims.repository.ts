import { and, eq, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { yelpEventClaims } from '../db/schema.ts'

export type ClaimRow = typeof yelpEventClaims.$inferSelect
export type ClaimKind = 'inbound' | 'outbound' | 'echo'

/**
 * Claims a Yelp event for this hub. Returns the claim and whether it is new; an existing
 * `done` claim means the event was already handled, a `pending` one that an earlier attempt
 * stopped midway (the caller checks GHL before posting again).
 */
export async function claimEvent(
  db: DB,
  claim: { eventId: string; clientId: string; leadId: string; kind: ClaimKind; messageRowId?: number | null },
): Promise<{ claim: ClaimRow; isNew: boolean }> {
  const [inserted] = await db.insert(yelpEventClaims).values(claim).onConflictDoNothing().returning()
  if (inserted) return { claim: inserted, isNew: true }
  const [existing] = await db.select().from(yelpEventClaims).where(eq(yelpEventClaims.eventId, claim.eventId))
  if (!existing) throw new Error(`claim for event ${claim.eventId} vanished`)
  return { claim: existing, isNew: false }
}

export async function completeClaim(
  db: DB,
  eventId: string,
  changes: { ghlMessageId?: string | null; messageRowId?: number | null; kind?: ClaimKind },
): Promise<void> {
  await db
    .update(yelpEventClaims)
    .set({ ...changes, state: 'done', updatedAt: sql`now()` })
    .where(eq(yelpEventClaims.eventId, eventId))
}

export async function isEventClaimed(db: DB, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ eventId: yelpEventClaims.eventId })
    .from(yelpEventClaims)
    .where(and(eq(yelpEventClaims.eventId, eventId)))
  return row !== undefined
}

/** Whether the event is the recognised echo of a reply the hub posted to this lead. */
export async function isSettledEcho(
  db: DB,
  clientId: string,
  leadId: string,
  eventId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ eventId: yelpEventClaims.eventId })
    .from(yelpEventClaims)
    .where(
      and(
        eq(yelpEventClaims.eventId, eventId),
        eq(yelpEventClaims.clientId, clientId),
        eq(yelpEventClaims.leadId, leadId),
        eq(yelpEventClaims.kind, 'echo'),
        eq(yelpEventClaims.state, 'done'),
      ),
    )
  return row !== undefined
}

/** The events of a lead already handled for good (forwarded, or recognised as an echo). */
export async function listSettledEventIds(db: DB, clientId: string, leadId: string): Promise<Set<string>> {
  const rows = await db
    .select({ eventId: yelpEventClaims.eventId })
    .from(yelpEventClaims)
    .where(
      and(
        eq(yelpEventClaims.leadId, leadId),
        eq(yelpEventClaims.clientId, clientId),
        eq(yelpEventClaims.state, 'done'),
      ),
    )
  return new Set(rows.map((row) => row.eventId))
}
