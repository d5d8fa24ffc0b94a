import { sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { selectRows } from './raw-rows.ts'

export interface DeliveredLead {
  clientId: string
  leadId: string
}

export interface UnknownLeadSyncs {
  /** The delivered leads already stored, as `clientId:leadId`. */
  stored: Set<string>
  /** Per client of the delivery, the leads not yet stored whose sync waits on `queue` at `priority`. */
  queuedUnknown: Map<string, Set<string>>
}

/**
 * What a webhook delivery's lead ids are, in one statement: which of them the hub has stored, and,
 * for each of their clients, which syncs of not-yet-stored leads already wait on the live queue at
 * live priority (the overflow behind them is not counted: a flood would make every count read it).
 * The waiting ones are read through pg-boss's fetch index (name, state below `active`), so the cost
 * follows the live queue's backlog, not its history; and only when a delivered lead is not stored
 * (an uncorrelated condition, checked once before the scan): most deliveries are messages on
 * known leads, and a burst of them grows the very backlog each acknowledgement would read.
 */
export async function findUnknownLeadSyncs(
  db: DB,
  delivered: readonly DeliveredLead[],
  queue: string,
  minPriority: number,
): Promise<UnknownLeadSyncs> {
  const result: UnknownLeadSyncs = { stored: new Set(), queuedUnknown: new Map() }
  if (delivered.length === 0) return result
  const values = sql.join(
    delivered.map((lead) => sql`(${lead.clientId}, ${lead.leadId})`),
    sql`, `,
  )
  const rows = await selectRows<{ kind: string; client_id: string; lead_id: string }>(
    db,
    sql`with delivered(client_id, lead_id) as (values ${values})
      select 'stored' as kind, d.client_id, d.lead_id
        from delivered d join leads l on l.lead_id = d.lead_id and l.client_id = d.client_id
      union all
      select 'queued' as kind, j.data->>'clientId' as client_id, j.data->>'leadId' as lead_id
        from pgboss.job j
        where exists (
            select 1 from delivered d
            where not exists (select 1 from leads l where l.lead_id = d.lead_id and l.client_id = d.client_id)
          )
          and j.name = ${queue} and j.state < 'active' and j.priority >= ${minPriority}
          and j.data->>'clientId' in (select client_id from delivered)
          and not exists (
            select 1 from leads l where l.lead_id = j.data->>'leadId' and l.client_id = j.data->>'clientId'
          )`,
  )
  for (const row of rows) {
    if (row.kind === 'stored') {
      result.stored.add(`${row.client_id}:${row.lead_id}`)
      continue
    }
    const queued = result.queuedUnknown.get(row.client_id) ?? new Set<string>()
    queued.add(row.lead_id)
    result.queuedUnknown.set(row.client_id, queued)
  }
  return result
}
