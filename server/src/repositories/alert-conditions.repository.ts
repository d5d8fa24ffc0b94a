import { sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { QUEUE_SCHEMA } from '../db/schema-sources.ts'
import { selectRows } from './raw-rows.ts'
import { readSetting, writeSetting } from './settings.repository.ts'

// What the alert conditions job reads: leads awaiting a reply, and jobs that died.

export interface WaitingLead {
  clientId: string
  leadId: string
  /** The lead's `waiting_since` (docs/spec/product.md §9.1), as the inbox shows it. */
  since: Date
}

/**
 * Leads awaiting a reply since `since` or later (open, with the consumer's message unanswered by
 * any business message: Yelp's, GHL's, the inbox's or the automation's), at most `limit`,
 * longest waiting first. The same column the inbox's "Needs reply" reads, on its partial index.
 */
export async function listWaitingLeads(db: DB, since: Date, limit: number): Promise<WaitingLead[]> {
  const rows = await selectRows<{ client_id: string; lead_id: string; waiting_since: string | Date }>(
    db,
    sql`select client_id, lead_id, waiting_since from leads
      where waiting_since is not null and status in ('new', 'contacted')
        and waiting_since >= ${since.toISOString()}::timestamptz
      order by waiting_since, id limit ${limit}`,
  )
  return rows.map((row) => ({
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

/** Jobs that failed for good after `since`, oldest first (pg-boss's `failed` state). */
export async function listDeadJobsSince(
  db: DB,
  since: Date,
  excludeQueues: string[],
  limit = 500,
): Promise<DeadJob[]> {
  const rows = await selectRows<{
    id: string
    name: string
    client_id: string | null
    error: string | null
    completed_on: string
  }>(
    db,
    sql`select id::text as id, name, data->>'clientId' as client_id,
        coalesce(output->>'message', output::text) as error, completed_on
      from ${sql.raw(QUEUE_SCHEMA)}.job
      where state = 'failed' and completed_on > ${since.toISOString()}::timestamptz
        and name not in (${sql.join(
          excludeQueues.map((queue) => sql`${queue}`),
          sql`, `,
        )})
      order by completed_on limit ${limit}`,
  )
  return rows.map((row) => ({
    id: row.id,
    queue: row.name,
    clientId: row.client_id,
    error: row.error,
    completedAt: new Date(row.completed_on),
  }))
}

const WATERMARK_KEY = 'alertDeadJobsSince'

/** Until when dead jobs were alerted (kept across restarts). */
export async function readDeadJobWatermark(db: DB): Promise<Date | null> {
  const value = await readSetting(db, WATERMARK_KEY)
  return typeof value === 'string' ? new Date(value) : null
}

export async function saveDeadJobWatermark(db: DB, at: Date): Promise<void> {
  await writeSetting(db, WATERMARK_KEY, at.toISOString())
}
