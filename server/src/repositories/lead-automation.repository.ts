import type {
  AiFallbackReason,
  AutomationKind,
  AutomationReason,
  AutomationState,
} from '@common/lead-automation.ts'
import type { FirstReplySource } from '@common/playbook.ts'
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { leadActivity, leadAutomation, messages, yelpEventClaims } from '../db/schema.ts'

// A lead's automation steps (docs/spec/product.md §9.2): one row per (lead, kind, step), so a
// step is decided once; a scheduled step is claimed by moving it out of `scheduled`.

export type AutomationRow = typeof leadAutomation.$inferSelect

/** The `source` of a `messages` row the automation wrote (its metadata), as the inbox's is `inbox`. */
export const AUTOMATION_SOURCE = 'automation'

export async function listAutomation(db: DB, leadId: string): Promise<AutomationRow[]> {
  return db
    .select()
    .from(leadAutomation)
    .where(eq(leadAutomation.leadId, leadId))
    .orderBy(asc(leadAutomation.id))
}

export async function findAutomationStep(db: DB, id: number): Promise<AutomationRow | null> {
  const [row] = await db.select().from(leadAutomation).where(eq(leadAutomation.id, id))
  return row ?? null
}

/** The step a `messages` row was written for, if the automation wrote it. */
export async function findStepOfMessage(db: DB, messageRowId: number): Promise<AutomationRow | null> {
  const [row] = await db.select().from(leadAutomation).where(eq(leadAutomation.messageRowId, messageRowId))
  return row ?? null
}

/**
 * Takes a scheduled step for a run that asks the model before it can settle it, until `until`:
 * other runs leave it alone meanwhile, so overlapping runs ask the model once. False when it is
 * no longer scheduled or another run holds it. A run that died lets its claim lapse.
 */
export async function claimStepForWriting(db: DB, id: number, now: Date, until: Date): Promise<boolean> {
  const rows = await db
    .update(leadAutomation)
    .set({ claimedUntil: until })
    .where(
      and(
        eq(leadAutomation.id, id),
        eq(leadAutomation.state, 'scheduled'),
        or(isNull(leadAutomation.claimedUntil), lt(leadAutomation.claimedUntil, now)),
      ),
    )
    .returning({ id: leadAutomation.id })
  return rows.length > 0
}

/** A first reply avoided by a person's answer is `skipped`, any other step ended `cancelled` (§9.7). */
const endedState = (kind: string, reason: AutomationReason) =>
  kind === 'first_reply' && reason === 'business_replied' ? ('skipped' as const) : ('cancelled' as const)

/**
 * Withdraws a step claimed and recorded as sent whose message has not left for Yelp yet: the
 * step ends with `reason` and its `messages` row goes (nothing was sent, the inbox shows
 * nothing). False when the step is no longer that (another process withdrew it first).
 * Call it inside a transaction: both changes or neither.
 */
export async function withdrawClaimedStep(
  db: DB,
  step: { id: number; kind: string; messageRowId: number },
  reason: AutomationReason,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(leadAutomation)
    .set({ state: endedState(step.kind, reason), reason, at, messageRowId: null })
    .where(
      and(
        eq(leadAutomation.id, step.id),
        eq(leadAutomation.state, 'sent'),
        eq(leadAutomation.messageRowId, step.messageRowId),
      ),
    )
    .returning({ id: leadAutomation.id })
  if (!rows.length) return false
  await db.delete(messages).where(and(eq(messages.id, step.messageRowId), eq(messages.status, 'pending')))
  return true
}

/** A drafted step whose draft can no longer be sent (a person or the consumer wrote since). */
export async function endDraftedStep(
  db: DB,
  step: { id: number; kind: string },
  reason: AutomationReason,
  at: Date,
): Promise<void> {
  await db
    .update(leadAutomation)
    .set({ state: endedState(step.kind, reason), reason, at })
    .where(and(eq(leadAutomation.id, step.id), eq(leadAutomation.state, 'drafted')))
}

/** Records a step once; null when the lead already has that step (decided by someone else). */
export async function insertAutomationStep(
  db: DB,
  step: {
    clientId: string
    leadId: string
    kind: AutomationKind
    step: number
    state: AutomationState
    reason?: AutomationReason | null
    dueAt: Date
    at: Date
  },
): Promise<AutomationRow | null> {
  const [row] = await db.insert(leadAutomation).values(step).onConflictDoNothing().returning()
  return row ?? null
}

/**
 * Moves a scheduled step to its outcome; false when it was no longer scheduled (another run
 * took it). Inside the transaction that records what the step did, this is the step's claim.
 */
export async function settleAutomationStep(
  db: DB,
  id: number,
  outcome: {
    state: AutomationState
    /** Why it was skipped or cancelled; for a first reply the model did not write, `ai_fallback:<why>`. */
    reason?: AutomationReason | AiFallbackReason | null
    at: Date
    messageRowId?: number
    source?: FirstReplySource
    /** The newest consumer message the step was sent or drafted on. */
    consumerSeenUntil?: Date | null
  },
): Promise<boolean> {
  const rows = await db
    .update(leadAutomation)
    .set({
      state: outcome.state,
      reason: outcome.reason ?? null,
      at: outcome.at,
      messageRowId: outcome.messageRowId,
      source: outcome.source ?? null,
      consumerSeenUntil: outcome.consumerSeenUntil ?? null,
    })
    .where(and(eq(leadAutomation.id, id), eq(leadAutomation.state, 'scheduled')))
    .returning({ id: leadAutomation.id })
  return rows.length > 0
}

/** A drafted step approved and sent by a person (suggest mode): it counts as sent from now. */
export async function markDraftedStepSent(db: DB, id: number, at: Date, messageRowId: number): Promise<void> {
  await db
    .update(leadAutomation)
    .set({ state: 'sent', at, messageRowId })
    .where(and(eq(leadAutomation.id, id), eq(leadAutomation.state, 'drafted')))
}

/** A drafted step discarded by a person. */
export async function markDraftedStepDiscarded(db: DB, id: number, at: Date): Promise<void> {
  await db
    .update(leadAutomation)
    .set({ state: 'cancelled', reason: 'discarded', at })
    .where(and(eq(leadAutomation.id, id), eq(leadAutomation.state, 'drafted')))
}

/** A scheduled step due outside the business hours waits for their next opening. */
export async function rescheduleStep(db: DB, id: number, dueAt: Date): Promise<void> {
  await db
    .update(leadAutomation)
    .set({ dueAt })
    .where(and(eq(leadAutomation.id, id), eq(leadAutomation.state, 'scheduled')))
}

/**
 * Ends every scheduled (or drafted, not yet approved) step of a lead; a first reply avoided by a
 * person's answer is `skipped` (docs/spec/product.md §9.7).
 */
export async function cancelScheduledSteps(
  db: DB,
  leadId: string,
  reason: AutomationReason,
  at: Date,
): Promise<number> {
  const rows = await db
    .update(leadAutomation)
    .set({
      state: sql`case when ${leadAutomation.kind} = 'first_reply' and ${reason} = 'business_replied' then 'skipped' else 'cancelled' end`,
      reason,
      at,
    })
    .where(and(eq(leadAutomation.leadId, leadId), inArray(leadAutomation.state, ['scheduled', 'drafted'])))
    .returning({ id: leadAutomation.id })
  return rows.length
}

/** The leads with a step due by `now`, for the sweep (a due step whose wake-up was lost). */
export async function listLeadsWithDueSteps(
  db: DB,
  now: Date,
  limit: number,
): Promise<Array<{ clientId: string; leadId: string }>> {
  return db
    .selectDistinct({ clientId: leadAutomation.clientId, leadId: leadAutomation.leadId })
    .from(leadAutomation)
    .where(and(eq(leadAutomation.state, 'scheduled'), lte(leadAutomation.dueAt, now)))
    .limit(limit)
}

/**
 * When a person last wrote to the lead: the hub's own outbound rows (inbox and GHL replies, not
 * the automation's), and the Yelp business events that are not the echo of an automated message.
 */
export async function findLastPersonReplyAt(
  db: DB,
  clientId: string,
  leadId: string,
  businessEvents: ReadonlyArray<{ id: string; at: Date }>,
): Promise<Date | null> {
  const automated = db
    .select({ id: leadAutomation.messageRowId })
    .from(leadAutomation)
    .where(and(eq(leadAutomation.leadId, leadId), isNotNull(leadAutomation.messageRowId)))
  const echoes = businessEvents.length
    ? await db
        .select({ eventId: yelpEventClaims.eventId })
        .from(yelpEventClaims)
        .where(
          and(
            eq(yelpEventClaims.leadId, leadId),
            eq(yelpEventClaims.kind, 'echo'),
            inArray(yelpEventClaims.messageRowId, automated),
          ),
        )
    : []
  const echoIds = new Set(echoes.map((row) => row.eventId))
  let latest: Date | null = null
  for (const event of businessEvents) {
    if (!echoIds.has(event.id) && (!latest || event.at > latest)) latest = event.at
  }
  const [row] = await db
    .select({ at: sql<string | null>`max(${messages.createdAt})` })
    .from(messages)
    .where(
      and(
        eq(messages.clientId, clientId),
        eq(messages.direction, 'outbound'),
        sql`${messages.metadata}->>'leadId' = ${leadId}`,
        sql`${messages.metadata}->>'source' is distinct from ${AUTOMATION_SOURCE}`,
        sql`${messages.status} <> 'error'`,
      ),
    )
  // A lead marked replied by phone or email in the inbox was answered by a person too.
  const [marked] = await db
    .select({ at: sql<string | null>`max(${leadActivity.createdAt})` })
    .from(leadActivity)
    .where(
      and(eq(leadActivity.leadId, leadId), inArray(leadActivity.kind, ['replied_phone', 'replied_email'])),
    )
  return [row?.at, marked?.at]
    .map((at) => (at ? new Date(at) : null))
    .reduce<Date | null>((newest, at) => (at && (!newest || at > newest) ? at : newest), latest)
}
