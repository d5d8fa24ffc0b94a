import { type SQL, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { QUEUE_SCHEMA } from '../db/schema-sources.ts'
import { inClients, isoMicros, selectRows } from './raw-rows.ts'
import { readSetting, writeSetting } from './settings.repository.ts'

// What the alert conditions job reads: leads awaiting a reply, and jobs that died.

export interface WaitingLead {
  /** The row's id and `waiting_since` to the microsecond: the keyset of the next page. */
  id: number
  sinceKey: string
  clientId: string
  leadId: string
  /** The lead's `waiting_since` (docs/spec/product.md §9.1), as the inbox shows it. */
  since: Date
}

/** What decides whether a channel alerts a lead's wait (docs/spec/product.md §9.3). */
export interface UnansweredChannel {
  id: string
  /** Empty: every client. */
  clientIds: readonly string[]
  slaMinutes: number
  createdAt: Date
}

/** The dedupe key the outbox keeps for a lead's `lead.unanswered` (alert-conditions.ts). */
export const unansweredCondition = (leadId: string) => `lead.unanswered:${leadId}`

/**
 * One page of the leads a channel may have to alert as unanswered, longest waiting first: open,
 * the consumer's message unanswered by any business message (the same column and partial index
 * as the inbox's "Needs reply"), of the channel's clients, waiting at least its SLA by the wall
 * clock (business hours can only make the wait shorter; the caller counts those), waiting since
 * `oldest` or later, and not alerted on this channel for this wait yet: no `lead.unanswered` row
 * of the channel for the lead since the wait began (sent, pending, failed or suppressed). A wait
 * that crossed the SLA before the channel existed is not its news. Every waiting lead is reached,
 * page by page, however many wait.
 */
export async function listUnansweredCandidates(
  db: DB,
  channel: UnansweredChannel,
  window: { now: Date; oldest: Date },
  page: { after?: { sinceKey: string; id: number }; limit: number },
): Promise<WaitingLead[]> {
  const slaMs = channel.slaMinutes * 60_000
  const latest = new Date(window.now.getTime() - slaMs)
  const notBefore = new Date(Math.max(window.oldest.getTime(), channel.createdAt.getTime() - slaMs - 60_000))
  const where: SQL[] = [
    sql`l.waiting_since is not null and l.status in ('new', 'contacted')`,
    sql`l.waiting_since >= ${notBefore.toISOString()}::timestamptz`,
    sql`l.waiting_since <= ${latest.toISOString()}::timestamptz`,
    sql`not exists (select 1 from alerts a where a.channel_id = ${channel.id}
      and a.condition_key = ${unansweredCondition('')} || l.lead_id and a.created_at >= l.waiting_since)`,
  ]
  if (channel.clientIds.length) where.push(inClients(sql`l.client_id`, channel.clientIds))
  if (page.after)
    where.push(sql`(l.waiting_since, l.id) > (${page.after.sinceKey}::timestamptz, ${page.after.id})`)
  const rows = await selectRows<{
    id: number
    client_id: string
    lead_id: string
    waiting_since: string | Date
    since_key: string
  }>(
    db,
    sql`select l.id, l.client_id, l.lead_id, l.waiting_since, ${isoMicros(sql`l.waiting_since`)} as since_key
      from leads l
      where ${sql.join(where, sql` and `)}
      order by l.waiting_since, l.id limit ${page.limit}`,
  )
  return rows.map((row) => ({
    id: Number(row.id),
    sinceKey: row.since_key,
    clientId: row.client_id,
    leadId: row.lead_id,
    since: new Date(row.waiting_since),
  }))
}

export interface DeadJob {
  id: string
  queue: string
  clientId: string | null
  error: string | null
  completedAt: Date
}

/**
 * Where the dead-job check stopped: the last job it read, by (completion time to the
 * microsecond, id). Jobs failed by one statement share their completion time; the id orders them.
 */
export interface DeadJobMark {
  at: string
  id: string
}

/** The lowest pg-boss job id: a mark at `at` taking every job completed after `at`. */
const NO_JOB = '00000000-0000-0000-0000-000000000000'

export function deadJobMarkAt(at: Date): DeadJobMark {
  return { at: at.toISOString(), id: NO_JOB }
}

/** Jobs that failed for good after `after`, in (completion, id) order (pg-boss's `failed` state). */
export async function listDeadJobsAfter(
  db: DB,
  after: DeadJobMark,
  excludeQueues: string[],
  limit = 500,
): Promise<Array<DeadJob & { mark: DeadJobMark }>> {
  const rows = await selectRows<{
    id: string
    name: string
    client_id: string | null
    error: string | null
    completed_on: string
    completed_key: string
  }>(
    db,
    sql`select id::text as id, name, data->>'clientId' as client_id,
        coalesce(output->>'message', output::text) as error, completed_on,
        ${isoMicros(sql`completed_on`)} as completed_key
      from ${sql.raw(QUEUE_SCHEMA)}.job
      where state = 'failed'
        and (completed_on, id) > (${after.at}::timestamptz, ${after.id}::uuid)
        and name not in (${sql.join(
          excludeQueues.map((queue) => sql`${queue}`),
          sql`, `,
        )})
      order by completed_on, id limit ${limit}`,
  )
  return rows.map((row) => ({
    id: row.id,
    queue: row.name,
    clientId: row.client_id,
    error: row.error,
    completedAt: new Date(row.completed_on),
    mark: { at: row.completed_key, id: row.id },
  }))
}

const WATERMARK_KEY = 'alertDeadJobsSince'

/**
 * Until which dead job alerts were raised (kept across restarts); a mark stored as a bare time by
 * an earlier version counts from that time.
 */
export async function readDeadJobWatermark(db: DB): Promise<DeadJobMark | null> {
  const value = await readSetting(db, WATERMARK_KEY)
  if (typeof value === 'string') return deadJobMarkAt(new Date(value))
  const mark = value as Partial<DeadJobMark> | null
  return typeof mark?.at === 'string' && typeof mark.id === 'string' ? { at: mark.at, id: mark.id } : null
}

export async function saveDeadJobWatermark(db: DB, mark: DeadJobMark): Promise<void> {
  await writeSetting(db, WATERMARK_KEY, mark)
}
