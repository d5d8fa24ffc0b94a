import { and, count, eq, gt, inArray, lte, or, type SQL, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { leads } from '../db/schema.ts'

export type LeadRow = typeof leads.$inferSelect
/**
 * What a sync writes. The cost columns are the metrics job's alone (lead-figures.repository.ts):
 * a sync that read the row before the job wrote them must not put them back to null.
 */
export type LeadFields = Omit<
  typeof leads.$inferInsert,
  'id' | 'status' | 'createdAt' | 'updatedAt' | 'costPerLeadCents' | 'costCurrency' | 'metricsFetchedAt'
>

/**
 * The oldest consumer message of the incoming events after `after` (lead-waits.ts's rule in SQL:
 * every event but a phone opt-in/out is a message).
 */
function consumerMessageAfter(after: SQL) {
  return sql`select min((e->>'time_created')::timestamptz) from jsonb_array_elements(coalesce(excluded.events, '[]'::jsonb)) e where e->>'user_type' = 'CONSUMER' and coalesce(e->>'event_type', '') not like '%PHONE_NUMBER_OPT%' and (e->>'time_created')::timestamptz > ${after}`
}

/**
 * Inserts or refreshes a lead from its source; the operator's status is never overwritten. Answers
 * whether the lead's cost is still to be fetched from its source (docs/decisions/0014).
 */
export async function upsertLead(db: DB, lead: LeadFields): Promise<{ needsMetrics: boolean }> {
  const { leadId, ...rest } = lead
  const [row] = await db
    .insert(leads)
    .values(lead)
    .onConflictDoUpdate({
      target: leads.leadId,
      set: {
        ...rest,
        // A reply from GHL or the inbox may have been recorded at the time it was written, before
        // its Yelp echo (recordBusinessReply): the earliest reply after the first message stays.
        firstBusinessReplyAt: sql`least(case when ${leads.firstBusinessReplyAt} >= excluded.first_consumer_message_at then ${leads.firstBusinessReplyAt} end, excluded.first_business_reply_at)`,
        // Likewise the newest business message, and so the wait: a delivered reply whose echo is
        // not among the events yet still answers the consumer messages before it.
        lastBusinessMessageAt: sql`greatest(${leads.lastBusinessMessageAt}, excluded.last_business_message_at)`,
        waitingSince: sql`case when ${leads.lastBusinessMessageAt} is null or ${leads.lastBusinessMessageAt} <= coalesce(excluded.last_business_message_at, '-infinity') then excluded.waiting_since else (${consumerMessageAfter(sql`${leads.lastBusinessMessageAt}`)}) end`,
        // An operator's email/phone edit (repositories/lead-inbox.repository.ts setLeadContact) outlives
        // Yelp's values: it is re-applied over them on every refresh.
        userData: sql`case when ${leads.userData} ? 'operator_contact' then excluded.user_data || jsonb_strip_nulls(${leads.userData}->'operator_contact') || jsonb_build_object('operator_contact', ${leads.userData}->'operator_contact') else excluded.user_data end`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ metricsFetchedAt: leads.metricsFetchedAt })
  return { needsMetrics: !row?.metricsFetchedAt }
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

/** Which of `among` are stored leads of the client. */
export async function listStoredLeadIdsAmong(db: DB, clientId: string, among: string[]): Promise<string[]> {
  if (!among.length) return []
  const found: string[] = []
  // In chunks: a business can list thousands of recent leads, and one statement's parameters are bounded.
  for (let start = 0; start < among.length; start += 1000) {
    const rows = await db
      .select({ leadId: leads.leadId })
      .from(leads)
      .where(and(eq(leads.clientId, clientId), inArray(leads.leadId, among.slice(start, start + 1000))))
    found.push(...rows.map((row) => row.leadId))
  }
  return found
}

/**
 * Ids of a client's stored leads of `source` whose last event reached one of the `checkpointsMs`
 * ages in the last `windowMs`: last event in (now - checkpoint - window, now - checkpoint].
 */
export async function listLeadIdsAtCheckpoints(
  db: DB,
  clientId: string,
  {
    source,
    now,
    checkpointsMs,
    windowMs,
  }: { source: string; now: Date; checkpointsMs: number[]; windowMs: number },
): Promise<string[]> {
  if (!checkpointsMs.length) return []
  const windows = checkpointsMs.map((ageMs) =>
    and(
      gt(leads.lastEventTime, new Date(now.getTime() - ageMs - windowMs)),
      lte(leads.lastEventTime, new Date(now.getTime() - ageMs)),
    ),
  )
  const rows = await db
    .select({ leadId: leads.leadId })
    .from(leads)
    .where(and(eq(leads.clientId, clientId), eq(leads.source, source), or(...windows)))
  return rows.map((row) => row.leadId)
}

/**
 * The stored leads of `source` quiet since before `quietSince` (but active after `activeAfter`)
 * that fall in rotation slot `slot` of `slots` (a fixed hash of the lead id), with their last
 * known event. Each run of the reconcile takes the next slot, so every such lead is looked at
 * once per round.
 */
export async function listQuietLeadsInSlot(
  db: DB,
  clientId: string,
  options: { source: string; quietSince: Date; activeAfter: Date; slot: number; slots: number },
): Promise<Array<{ leadId: string; lastEventTime: Date }>> {
  return db
    .select({ leadId: leads.leadId, lastEventTime: leads.lastEventTime })
    .from(leads)
    .where(
      and(
        eq(leads.clientId, clientId),
        eq(leads.source, options.source),
        lte(leads.lastEventTime, options.quietSince),
        gt(leads.lastEventTime, options.activeAfter),
        sql`abs(hashtext(${leads.leadId})::bigint) % ${options.slots} = ${options.slot}`,
      ),
    )
}

/**
 * The embedded database has no autovacuum: without this, the inbox's counts and facets stop
 * being index-only scans and read the whole table (bench/RESULTS.md "Lead Inbox at 100,000 leads").
 */
export async function vacuumLeads(db: DB): Promise<void> {
  await db.execute(sql`vacuum (analyze) leads`)
}
