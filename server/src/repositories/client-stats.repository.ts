import { type SQL, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { inClients, selectRows, toCount } from './raw-rows.ts'

// The figures behind GET /api/stats/clients (docs/decisions/0014), summed by the database per client.

export interface ClientCostRow {
  clientId: string
  name: string
  leads: number
  costedLeads: number
  totalCostCents: number
  currency: string | null
}

export interface ClientResponseRow {
  clientId: string
  leads: number
  answered: number
  medianSeconds: number | null
  within5Minutes: number
  within1Hour: number
}

function scoped(column: SQL, clientIds: string[] | null): SQL {
  return clientIds ? sql`and ${inClients(column, clientIds)}` : sql``
}

/** Every visible client, with its leads created in [from, to) and what they cost; by name. */
export async function readClientCosts(
  db: DB,
  options: { from: Date; to: Date; clientIds: string[] | null },
): Promise<ClientCostRow[]> {
  const rows = await selectRows<Record<keyof ClientCostRow, unknown>>(
    db,
    sql`select c.client_id as "clientId", c.name as "name",
        count(l.id) as "leads",
        count(l.cost_per_lead_cents) as "costedLeads",
        coalesce(sum(l.cost_per_lead_cents), 0) as "totalCostCents",
        max(l.cost_currency) as "currency"
      from clients c
      left join leads l on l.client_id = c.client_id
        and l.time_created >= ${options.from.toISOString()}::timestamptz
        and l.time_created < ${options.to.toISOString()}::timestamptz
      where true ${scoped(sql`c.client_id`, options.clientIds)}
      group by c.client_id, c.name
      order by lower(c.name), c.client_id`,
  )
  return rows.map((row) => ({
    clientId: String(row.clientId),
    name: String(row.name),
    leads: toCount(row.leads),
    costedLeads: toCount(row.costedLeads),
    totalCostCents: toCount(row.totalCostCents),
    currency: row.currency == null ? null : String(row.currency),
  }))
}

/**
 * Per client, the leads whose consumer's first message is at or after `since`: how many, how many
 * answered, the median response (percentile_cont ignores the unanswered, whose difference is null)
 * and how many were answered within 5 minutes and within an hour.
 */
export async function readClientResponseTimes(
  db: DB,
  options: { since: Date; clientIds: string[] | null },
): Promise<ClientResponseRow[]> {
  const rows = await selectRows<Record<keyof ClientResponseRow, unknown>>(
    db,
    sql`select client_id as "clientId",
        count(*) as "leads",
        count(first_business_reply_at) as "answered",
        percentile_cont(0.5) within group (
          order by extract(epoch from first_business_reply_at - first_consumer_message_at)
        ) as "medianSeconds",
        count(*) filter (where first_business_reply_at - first_consumer_message_at <= interval '5 minutes') as "within5Minutes",
        count(*) filter (where first_business_reply_at - first_consumer_message_at <= interval '1 hour') as "within1Hour"
      from leads
      where first_consumer_message_at >= ${options.since.toISOString()}::timestamptz
        ${scoped(sql`client_id`, options.clientIds)}
      group by client_id`,
  )
  return rows.map((row) => ({
    clientId: String(row.clientId),
    leads: toCount(row.leads),
    answered: toCount(row.answered),
    medianSeconds: row.medianSeconds == null ? null : Number(row.medianSeconds),
    within5Minutes: toCount(row.within5Minutes),
    within1Hour: toCount(row.within1Hour),
  }))
}

export interface YelpFiguresRow {
  clientId: string
  /** Consumer new messages of the window answered, and those still unanswered after 24 h. */
  answered: number
  unansweredPast24h: number
  /** Median business seconds to the answer; null when none was answered. */
  medianSeconds: number | null
}

/**
 * Yelp's own response figures per client (docs/spec/product.md §9.1) over the consumer new
 * messages since `since` (lead_waits): each answer's time counts only 08:00–18:00 in the client's
 * timezone (its playbook's, UTC without one), so a message at night starts its clock at 08:00.
 * The overlap with each local day's window is summed over the days the wait spans.
 */
export async function readYelpFigures(
  db: DB,
  options: { since: Date; now: Date; clientIds: string[] | null },
): Promise<YelpFiguresRow[]> {
  const now = options.now.toISOString()
  const rows = await selectRows<Record<keyof YelpFiguresRow, unknown>>(
    db,
    sql`with waits as (
        select w.client_id, w.started_at, w.answered_at,
          coalesce(p.playbook->>'timezone', 'UTC') as tz
        from lead_waits w
        left join client_playbooks p on p.client_id = w.client_id
        where w.started_at >= ${options.since.toISOString()}::timestamptz
          ${scoped(sql`w.client_id`, options.clientIds)}
      ), timed as (
        select client_id, answered_at, started_at,
          case when answered_at is null then null else (
            select coalesce(sum(greatest(0, extract(epoch from
              least(answered_at at time zone tz, d + interval '18 hours')
              - greatest(started_at at time zone tz, d + interval '8 hours')))), 0)
            from generate_series(date_trunc('day', started_at at time zone tz),
              date_trunc('day', answered_at at time zone tz), interval '1 day') as d
          ) end as seconds
        from waits
      )
      select client_id as "clientId",
        count(answered_at) as "answered",
        count(*) filter (where answered_at is null and started_at < ${now}::timestamptz - interval '24 hours') as "unansweredPast24h",
        percentile_cont(0.5) within group (order by seconds) as "medianSeconds"
      from timed
      group by client_id`,
  )
  return rows.map((row) => ({
    clientId: String(row.clientId),
    answered: toCount(row.answered),
    unansweredPast24h: toCount(row.unansweredPast24h),
    medianSeconds: row.medianSeconds == null ? null : Math.round(Number(row.medianSeconds)),
  }))
}
