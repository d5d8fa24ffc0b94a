import type { LeadStatus } from '@common/leads.ts'
import { and, asc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { clients, leadDrafts, leads, messages } from '../db/schema.ts'

// The Lead Inbox's reads and its operator writes (docs/spec/dashboard-spec.md §2.14,
// docs/spec/product.md §6.1). Filters are the generated, indexed columns of `leads`
// (migration 0008_inbox_indexes); the order is newest last activity first, ties by id.

/** Client scope: null sees every client; a list sees only those. */
export type ClientScope = readonly string[] | null

export interface InboxFilter {
  clientId?: string
  q?: string
  statuses?: readonly LeadStatus[]
  availability?: string
  jobType?: string
  hasPhone?: boolean
  hasEmail?: boolean
  lastMessage?: 'inbound' | 'outbound'
  createdFrom?: Date
  /** Exclusive. */
  createdBefore?: Date
  activityFrom?: Date
  /** Exclusive. */
  activityBefore?: Date
  /** Only the leads awaiting a reply (docs/spec/product.md §9.1). */
  needsReply?: boolean
  /** Only the leads with a draft waiting for a person ("Draft ready"). */
  hasDraft?: boolean
}

/** Newest activity first (the spec's order), or longest waiting first (§9.1 `sort=waiting`). */
export type InboxSort = 'activity' | 'waiting'

/** Where the previous page stopped: its last lead's activity time (µs, as text) and id. */
export interface InboxPosition {
  time: string
  id: number
}

/**
 * The lead has a draft waiting for a person's Send (read through lead_drafts_lead_kind_idx).
 * Qualified by hand: drizzle writes a column bare in a select, which inside this subquery would
 * name the draft's own lead_id.
 */
const HAS_DRAFT = sql<boolean>`exists (select 1 from ${leadDrafts} "d" where "d"."lead_id" = "leads"."lead_id")`

const inboxColumns = {
  id: leads.id,
  leadId: leads.leadId,
  clientId: leads.clientId,
  businessId: leads.businessId,
  status: leads.status,
  userDisplayName: leads.userDisplayName,
  conversationId: leads.conversationId,
  temporaryEmailAddress: leads.temporaryEmailAddress,
  timeCreated: leads.timeCreated,
  lastEventTime: leads.lastEventTime,
  lastMessage: leads.lastMessage,
  userData: leads.userData,
  projectData: leads.projectData,
  events: leads.events,
  readRequestedEventId: leads.readRequestedEventId,
  readEventId: leads.readEventId,
  readAt: leads.readAt,
  costPerLeadCents: leads.costPerLeadCents,
  costCurrency: leads.costCurrency,
  metricsFetchedAt: leads.metricsFetchedAt,
  firstConsumerMessageAt: leads.firstConsumerMessageAt,
  firstBusinessReplyAt: leads.firstBusinessReplyAt,
  waitingSince: leads.waitingSince,
  hasDraft: HAS_DRAFT,
  // Microsecond precision: a JavaScript Date would cut the key of the cursor to milliseconds.
  position: sql<string>`to_char(${leads.lastEventTime} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
}

type LeadRecord = typeof leads.$inferSelect

export type InboxLeadRow = Pick<
  LeadRecord,
  | 'id'
  | 'leadId'
  | 'clientId'
  | 'businessId'
  | 'status'
  | 'userDisplayName'
  | 'conversationId'
  | 'temporaryEmailAddress'
  | 'timeCreated'
  | 'lastEventTime'
  | 'lastMessage'
  | 'userData'
  | 'projectData'
  | 'events'
  | 'readRequestedEventId'
  | 'readEventId'
  | 'readAt'
  | 'costPerLeadCents'
  | 'costCurrency'
  | 'metricsFetchedAt'
  | 'firstConsumerMessageAt'
  | 'firstBusinessReplyAt'
  | 'waitingSince'
> & { position: string; hasDraft: boolean }

/**
 * Awaiting a reply (docs/spec/product.md §9.1): the consumer spoke last and the status is still
 * open. The partial indexes leads_awaiting_reply_idx and leads_client_awaiting_reply_idx hold
 * exactly these rows.
 */
export const AWAITING_REPLY = sql`${leads.waitingSince} is not null and ${leads.status} in ('new', 'contacted')`
/** When a lead started waiting, or 'infinity' for one that does not: `sort=waiting` puts those last. */
const WAITING_KEY = sql`case when ${AWAITING_REPLY} then ${leads.waitingSince} else 'infinity'::timestamptz end`
/** A cursor key as text, to the microsecond ('infinity' as such). */
function positionOf(key: SQL) {
  return sql<string>`case when ${key} = 'infinity'::timestamptz then 'infinity' else to_char(${key} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') end`
}

function scopeCondition(scope: ClientScope): SQL | undefined {
  if (scope === null) return undefined
  return scope.length ? inArray(leads.clientId, [...scope]) : sql`false`
}

/** `like` pattern for a literal substring. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

function searchCondition(q: string): SQL {
  const text = q.toLowerCase()
  const words = sql`${leads.searchText} like ${containing(text)}`
  // A phone number typed with other separators than the stored one: match its bare digits.
  const digits = text.replace(/\D/g, '')
  if (/^[\d\s().+-]+$/.test(text) && digits.length >= 3 && digits !== text) {
    return or(words, sql`${leads.searchText} like ${containing(digits)}`) as SQL
  }
  return words
}

function filterConditions(scope: ClientScope, filter: InboxFilter): SQL[] {
  const conditions: Array<SQL | undefined> = [scopeCondition(scope)]
  if (filter.clientId) conditions.push(eq(leads.clientId, filter.clientId))
  if (filter.q) conditions.push(searchCondition(filter.q))
  if (filter.statuses?.length) conditions.push(inArray(leads.status, [...filter.statuses]))
  if (filter.availability) conditions.push(eq(leads.availability, filter.availability))
  if (filter.jobType) conditions.push(sql`${leads.jobNames} @> ${JSON.stringify([filter.jobType])}::jsonb`)
  // docs/spec/dashboard-spec.md §2.14: with both contact boxes ticked, a lead matches if it has either.
  if (filter.hasPhone && filter.hasEmail)
    conditions.push(or(eq(leads.hasPhone, true), eq(leads.hasEmail, true)))
  else if (filter.hasPhone) conditions.push(eq(leads.hasPhone, true))
  else if (filter.hasEmail) conditions.push(eq(leads.hasEmail, true))
  if (filter.lastMessage) conditions.push(eq(leads.lastMessage, filter.lastMessage))
  if (filter.createdFrom) conditions.push(gte(leads.timeCreated, filter.createdFrom))
  if (filter.createdBefore) conditions.push(lt(leads.timeCreated, filter.createdBefore))
  if (filter.activityFrom) conditions.push(gte(leads.lastEventTime, filter.activityFrom))
  if (filter.activityBefore) conditions.push(lt(leads.lastEventTime, filter.activityBefore))
  if (filter.needsReply) conditions.push(AWAITING_REPLY)
  if (filter.hasDraft) conditions.push(HAS_DRAFT)
  return conditions.filter((c): c is SQL => c !== undefined)
}

/** One page, in the `sort` order, after `position` when given. */
export async function listInboxLeads(
  db: DB,
  scope: ClientScope,
  filter: InboxFilter,
  page: { limit: number; after?: InboxPosition; sort?: InboxSort },
): Promise<InboxLeadRow[]> {
  const conditions = filterConditions(scope, filter)
  if (page.sort === 'waiting') return listByWaiting(db, conditions, filter, page)
  if (page.after) {
    conditions.push(
      sql`(${leads.lastEventTime}, ${leads.id}) < (${page.after.time}::timestamptz, ${page.after.id})`,
    )
  }
  return (
    db
      .select(inboxColumns)
      .from(leads)
      .where(and(...conditions))
      // `nulls last` as the indexes are built (drizzle's default); plain `desc` means nulls first
      // in PostgreSQL and would not match them: a sort of the whole table instead of an index scan.
      .orderBy(sql`${leads.lastEventTime} desc nulls last`, sql`${leads.id} desc nulls last`)
      .limit(page.limit)
  )
}

/**
 * Longest waiting first, ties by id; leads not waiting after them. With `needsReply` every row
 * waits, so the order is the partial index's own (waiting_since, id).
 */
async function listByWaiting(
  db: DB,
  conditions: SQL[],
  filter: InboxFilter,
  page: { limit: number; after?: InboxPosition },
): Promise<InboxLeadRow[]> {
  const key = filter.needsReply ? sql`${leads.waitingSince}` : WAITING_KEY
  if (page.after)
    conditions.push(sql`(${key}, ${leads.id}) > (${page.after.time}::timestamptz, ${page.after.id})`)
  return db
    .select({ ...inboxColumns, position: positionOf(key) })
    .from(leads)
    .where(and(...conditions))
    .orderBy(sql`${key} asc`, sql`${leads.id} asc`)
    .limit(page.limit)
}

export async function countInboxLeads(db: DB, scope: ClientScope, filter: InboxFilter): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(leads)
    .where(and(...filterConditions(scope, filter)))
  return row?.count ?? 0
}

const FACET_LIMIT = 500

/** Distinct job names and availability values of the visible leads (of one client). */
export async function inboxFacets(
  db: DB,
  scope: ClientScope,
  clientId: string | undefined,
): Promise<{ jobTypes: string[]; availability: string[] }> {
  const where = and(...filterConditions(scope, { clientId }))
  // The distinct arrays first (few, read from leads_facets_idx), then their names.
  const jobLists = db.selectDistinct({ names: leads.jobNames }).from(leads).where(where).as('job_lists')
  const jobTypes = await db
    .selectDistinct({ value: sql<string>`jsonb_array_elements_text(${jobLists.names})`.as('value') })
    .from(jobLists)
    .orderBy(asc(sql`value`))
    .limit(FACET_LIMIT)
  const availability = await db
    .selectDistinct({ value: leads.availability })
    .from(leads)
    .where(and(where, sql`${leads.availability} is not null`))
    .orderBy(asc(leads.availability))
    .limit(FACET_LIMIT)
  return {
    jobTypes: jobTypes.map((r) => r.value),
    availability: availability.map((r) => r.value).filter((v): v is string => Boolean(v)),
  }
}

export async function findInboxLead(
  db: DB,
  scope: ClientScope,
  leadId: string,
): Promise<InboxLeadRow | null> {
  const [row] = await db
    .select(inboxColumns)
    .from(leads)
    .where(and(eq(leads.leadId, leadId), scopeCondition(scope)))
  return row ?? null
}

export async function setLeadStatus(db: DB, leadId: string, status: LeadStatus): Promise<boolean> {
  const rows = await db
    .update(leads)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(leads.leadId, leadId))
    .returning({ id: leads.id })
  return rows.length > 0
}

/**
 * The operator's email/phone (PATCH …/contact). Kept also under `operator_contact`, which the
 * Yelp upsert re-applies over Yelp's own values, so a later sync does not undo the edit.
 */
export async function setLeadContact(
  db: DB,
  leadId: string,
  contact: { email?: string | null; phone?: string | null },
): Promise<boolean> {
  const patch = JSON.stringify(contact)
  const rows = await db
    .update(leads)
    .set({
      userData: sql`coalesce(${leads.userData}, '{}'::jsonb) || ${patch}::jsonb || jsonb_build_object('operator_contact', coalesce(${leads.userData}->'operator_contact', '{}'::jsonb) || ${patch}::jsonb)`,
      updatedAt: sql`now()`,
    })
    .where(eq(leads.leadId, leadId))
    .returning({ id: leads.id })
  return rows.length > 0
}

export async function clientNamesOf(db: DB, clientIds: readonly string[]): Promise<Map<string, string>> {
  if (!clientIds.length) return new Map()
  const rows = await db
    .select({ clientId: clients.clientId, name: clients.name })
    .from(clients)
    .where(inArray(clients.clientId, [...new Set(clientIds)]))
  return new Map(rows.map((r) => [r.clientId, r.name]))
}

export type HubReplyRow = Pick<
  typeof messages.$inferSelect,
  'id' | 'content' | 'status' | 'metadata' | 'createdAt'
>

/** Replies typed in the hub's inbox for a lead, oldest first. */
export async function listHubReplies(db: DB, clientId: string, leadId: string): Promise<HubReplyRow[]> {
  return db
    .select({
      id: messages.id,
      content: messages.content,
      status: messages.status,
      metadata: messages.metadata,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(
      and(
        eq(messages.clientId, clientId),
        eq(messages.platform, HUB_PLATFORM),
        sql`${messages.metadata}->>'leadId' = ${leadId}`,
      ),
    )
    .orderBy(asc(messages.id))
}

export type ForwardingRow = Pick<
  typeof messages.$inferSelect,
  'messageId' | 'content' | 'status' | 'metadata' | 'createdAt'
>

/**
 * A lead's Yelp messages not in GHL after a try, oldest first: refused (`error`), or still
 * `pending` with the reason its last try failed (the event forwarder records it).
 */
export async function listForwardingProblems(
  db: DB,
  clientId: string,
  leadId: string,
): Promise<ForwardingRow[]> {
  return db
    .select({
      messageId: messages.messageId,
      content: messages.content,
      status: messages.status,
      metadata: messages.metadata,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(
      and(
        eq(messages.clientId, clientId),
        eq(messages.platform, 'yelp'),
        sql`${messages.metadata}->>'leadId' = ${leadId}`,
        sql`(${messages.status} = 'error' or (${messages.status} = 'pending' and ${messages.metadata}->>'error' is not null))`,
      ),
    )
    .orderBy(asc(messages.id))
}

/** `messages.platform` of a reply typed in the hub (GHL's are `ghl`, Yelp's `yelp`). */
export const HUB_PLATFORM = 'hub'
