import { type SQL, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { AWAITING_REPLY } from './lead-inbox.repository.ts'
import { inClients, selectRows, toCount } from './raw-rows.ts'

// The dashboard's response figures (docs/spec/product.md §9.1): the leads waiting now, by how long,
// and the first replies of each UTC day. The waiting leads are read through the partial indexes
// leads_*awaiting_reply_idx, so the count stays cheap however many answered leads there are.

function scoped(column: SQL, clientIds: string[] | null): SQL {
  return clientIds ? sql`and ${inClients(column, clientIds)}` : sql``
}

/** The leads awaiting a reply now, split by how long they have waited. */
export interface WaitingFigures {
  waiting: number
  /** ISO time the longest-waiting lead started waiting; null when none waits. */
  oldestWaitingSince: string | null
  under5Minutes: number
  minutes5To60: number
  hours1To24: number
  over1Day: number
}

/** `waiting_since` as exact ISO text: a JS Date keeps milliseconds only, the column micros. */
const ISO = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

export async function readWaitingFigures(
  db: DB,
  options: { now: Date; clientIds: string[] | null },
): Promise<WaitingFigures> {
  const now = sql`${options.now.toISOString()}::timestamptz`
  const [row] = await selectRows<Record<keyof WaitingFigures, unknown>>(
    db,
    sql`select count(*) as "waiting",
        ${ISO(sql`min(waiting_since)`)} as "oldestWaitingSince",
        count(*) filter (where waiting_since > ${now} - interval '5 minutes') as "under5Minutes",
        count(*) filter (where waiting_since <= ${now} - interval '5 minutes'
          and waiting_since > ${now} - interval '1 hour') as "minutes5To60",
        count(*) filter (where waiting_since <= ${now} - interval '1 hour'
          and waiting_since > ${now} - interval '1 day') as "hours1To24",
        count(*) filter (where waiting_since <= ${now} - interval '1 day') as "over1Day"
      from leads where ${AWAITING_REPLY} ${scoped(sql`client_id`, options.clientIds)}`,
  )
  return {
    waiting: toCount(row?.waiting),
    oldestWaitingSince: row?.oldestWaitingSince == null ? null : String(row.oldestWaitingSince),
    under5Minutes: toCount(row?.under5Minutes),
    minutes5To60: toCount(row?.minutes5To60),
    hours1To24: toCount(row?.hours1To24),
    over1Day: toCount(row?.over1Day),
  }
}

/** Per client with any lead waiting: how many wait, and since when the longest has. */
export async function readClientWaiting(
  db: DB,
  clientIds: string[] | null,
): Promise<Array<{ clientId: string; waiting: number; oldestWaitingSince: string }>> {
  const rows = await selectRows<{ clientId: unknown; waiting: unknown; oldestWaitingSince: unknown }>(
    db,
    sql`select client_id as "clientId", count(*) as "waiting",
        ${ISO(sql`min(waiting_since)`)} as "oldestWaitingSince"
      from leads where ${AWAITING_REPLY} ${scoped(sql`client_id`, clientIds)}
      group by client_id`,
  )
  return rows.map((row) => ({
    clientId: String(row.clientId),
    waiting: toCount(row.waiting),
    oldestWaitingSince: String(row.oldestWaitingSince),
  }))
}

/** First replies of the leads whose consumer first wrote in a span (a UTC day, or the whole range). */
export interface FirstReplyRow {
  leads: number
  answered: number
  /** Median seconds to the first reply over the answered leads; null when none was answered. */
  medianSeconds: number | null
  within5Minutes: number
  within1Hour: number
}

const FIRST_REPLY_FIGURES = sql`count(*) as "leads",
  count(first_business_reply_at) as "answered",
  percentile_cont(0.5) within group (
    order by extract(epoch from first_business_reply_at - first_consumer_message_at)
  ) as "medianSeconds",
  count(*) filter (where first_business_reply_at - first_consumer_message_at <= interval '5 minutes') as "within5Minutes",
  count(*) filter (where first_business_reply_at - first_consumer_message_at <= interval '1 hour') as "within1Hour"`

function firstReplyRow(row: Record<string, unknown> | undefined): FirstReplyRow {
  return {
    leads: toCount(row?.leads),
    answered: toCount(row?.answered),
    medianSeconds: row?.medianSeconds == null ? null : Number(row.medianSeconds),
    within5Minutes: toCount(row?.within5Minutes),
    within1Hour: toCount(row?.within1Hour),
  }
}

/**
 * The first replies of the leads whose consumer first wrote at or after `since`: per UTC day of
 * that first message (days without leads absent), and over the whole range.
 */
export async function readDailyFirstReplies(
  db: DB,
  options: { since: Date; clientIds: string[] | null },
): Promise<{ days: Array<FirstReplyRow & { date: string }>; total: FirstReplyRow }> {
  const where = sql`where first_consumer_message_at >= ${options.since.toISOString()}::timestamptz
    ${scoped(sql`client_id`, options.clientIds)}`
  const [days, total] = await Promise.all([
    selectRows<Record<string, unknown>>(
      db,
      sql`select to_char(first_consumer_message_at at time zone 'UTC', 'YYYY-MM-DD') as "date",
          ${FIRST_REPLY_FIGURES}
        from leads ${where} group by 1 order by 1`,
    ),
    selectRows<Record<string, unknown>>(db, sql`select ${FIRST_REPLY_FIGURES} from leads ${where}`),
  ])
  return {
    days: days.map((row) => ({ date: String(row.date), ...firstReplyRow(row) })),
    total: firstReplyRow(total[0]),
  }
}
