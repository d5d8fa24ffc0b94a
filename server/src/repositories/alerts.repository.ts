import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { alerts } from '../db/schema.ts'

export type AlertRow = typeof alerts.$inferSelect
export type NewAlertRow = Omit<typeof alerts.$inferInsert, 'id' | 'createdAt' | 'attempts' | 'sentAt'>

/** How long the same condition stays quiet on a channel after it alerted (docs/spec/product.md §9.3). */
export const DEDUPE_WINDOW_MS = 30 * 60_000

/**
 * Whether the channel alerted this condition within the dedupe window: a row that was or is to
 * be delivered (pending, sent or failed), not one that was itself suppressed.
 */
export async function alertedRecently(
  db: DB,
  channelId: string,
  conditionKey: string,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: alerts.id })
    .from(alerts)
    .where(
      and(
        eq(alerts.channelId, channelId),
        eq(alerts.conditionKey, conditionKey),
        gt(alerts.createdAt, new Date(now.getTime() - DEDUPE_WINDOW_MS)),
        sql`${alerts.state} <> 'suppressed'`,
      ),
    )
    .limit(1)
  return Boolean(row)
}

/**
 * Records the row unless the same event already has one for this channel (a raise repeated by a
 * retry): then null.
 */
export async function insertAlert(db: DB, row: NewAlertRow): Promise<AlertRow | null> {
  const [inserted] = await db.insert(alerts).values(row).onConflictDoNothing().returning()
  return inserted ?? null
}

export async function findAlert(db: DB, id: number): Promise<AlertRow | null> {
  const [row] = await db.select().from(alerts).where(eq(alerts.id, id))
  return row ?? null
}

/**
 * Takes a pending row for one delivery attempt, until `until`: one sender at a time across
 * processes. Null when it is no longer pending or another sender holds it.
 */
export async function claimAlert(db: DB, id: number, holder: string, until: Date): Promise<AlertRow | null> {
  const [row] = await db
    .update(alerts)
    .set({ claimedBy: holder, claimedUntil: until, attempts: sql`${alerts.attempts} + 1` })
    .where(
      and(
        eq(alerts.id, id),
        eq(alerts.state, 'pending'),
        or(isNull(alerts.claimedUntil), lt(alerts.claimedUntil, sql`now()`)),
      ),
    )
    .returning()
  return row ?? null
}

/** The attempt delivered: sent, and the claim released. */
export async function markAlertSent(db: DB, id: number, holder: string): Promise<void> {
  await db
    .update(alerts)
    .set({ state: 'sent', sentAt: new Date(), reason: null, claimedBy: null, claimedUntil: null })
    .where(and(eq(alerts.id, id), eq(alerts.claimedBy, holder)))
}

/** The attempt failed: its error kept; `final` ends the row as failed, else it stays pending. */
export async function markAlertAttemptFailed(
  db: DB,
  id: number,
  holder: string,
  reason: string,
  final: boolean,
): Promise<void> {
  await db
    .update(alerts)
    .set({ reason, claimedBy: null, claimedUntil: null, ...(final ? { state: 'failed' as const } : {}) })
    .where(and(eq(alerts.id, id), eq(alerts.claimedBy, holder)))
}

/**
 * On the embedded database only one process runs: a claim still held at start belongs to the
 * process that died (kill -9), so its rows may be taken again at once.
 */
export async function releaseAlertClaims(db: DB): Promise<void> {
  await db
    .update(alerts)
    .set({ claimedBy: null, claimedUntil: null })
    .where(and(eq(alerts.state, 'pending'), sql`${alerts.claimedBy} is not null`))
}

/** The rows still to deliver, oldest first: a restore queues their jobs again. */
export async function listPendingAlerts(db: DB): Promise<Array<{ id: number; createdAt: Date }>> {
  return db
    .select({ id: alerts.id, createdAt: alerts.createdAt })
    .from(alerts)
    .where(eq(alerts.state, 'pending'))
    .orderBy(alerts.id)
}

/** Ends a pending row as failed, with why it was not sent (no attempt holds it). */
export async function failPendingAlert(db: DB, id: number, reason: string): Promise<void> {
  await db
    .update(alerts)
    .set({ state: 'failed', reason, claimedBy: null, claimedUntil: null })
    .where(and(eq(alerts.id, id), eq(alerts.state, 'pending')))
}

/** Which of these event keys the channel has a row for already. */
export async function listRecordedEventKeys(db: DB, channelId: string, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set()
  const rows = await db
    .select({ key: alerts.eventKey })
    .from(alerts)
    .where(and(eq(alerts.channelId, channelId), inArray(alerts.eventKey, keys)))
  return new Set(rows.map((row) => row.key))
}

/**
 * Serialises, until the transaction ends, the decisions about one condition on one channel: two
 * raises of it decide their dedupe one after the other.
 */
export async function lockAlertCondition(tx: DB, channelId: string, condition: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${channelId}|${condition}`}))`)
}
