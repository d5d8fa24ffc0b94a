import { sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { inClients, selectRows } from './raw-rows.ts'

/**
 * Records that the GHL location of `clientId` spent its daily cap until `resetAt`
 * (docs/decisions/0015, GHL's daily cap). A newer answer of GHL replaces the reset it gave
 * before; rows past their reset go.
 */
export async function recordGhlDailyCap(
  db: DB,
  clientId: string,
  resetAt: Date,
  reason: string,
): Promise<void> {
  await db.execute(sql`delete from ghl_daily_caps where reset_at <= now()`)
  await db.execute(sql`
    insert into ghl_daily_caps (location_id, client_id, reset_at, reason)
    select account_id, client_id, ${resetAt.toISOString()}::timestamptz, ${reason}
    from provider_connections
    where client_id = ${clientId} and provider = 'ghl' and account_id is not null
    on conflict (location_id) do update
      set client_id = excluded.client_id, reset_at = excluded.reset_at, reason = excluded.reason`)
}

/** When the daily cap of the client's GHL location resets, while it is spent; else null. */
export async function ghlDailyCapResetOf(db: DB, clientId: string): Promise<Date | null> {
  const [row] = await selectRows<{ reset_at: string }>(
    db,
    sql`select to_char(d.reset_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as reset_at
      from ghl_daily_caps d join provider_connections c
        on c.client_id = d.client_id and c.provider = 'ghl' and c.account_id = d.location_id
      where d.client_id = ${clientId} and d.reset_at > now()`,
  )
  return row ? new Date(row.reset_at) : null
}

export interface ParkedGhlLocation {
  locationId: string
  clientName: string
  resetAt: string
}

/** The GHL locations parked on their daily cap now, for the System Health dialog. */
export async function listParkedGhlLocations(
  db: DB,
  clientIds: string[] | null,
): Promise<ParkedGhlLocation[]> {
  const rows = await selectRows<{ location_id: string; name: string; reset_at: string }>(
    db,
    sql`select d.location_id, c.name,
        to_char(d.reset_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as reset_at
      from ghl_daily_caps d join clients c on c.client_id = d.client_id
      where d.reset_at > now() ${clientIds ? sql`and ${inClients(sql`d.client_id`, clientIds)}` : sql``}
      order by d.reset_at limit 50`,
  )
  return rows.map((row) => ({ locationId: row.location_id, clientName: row.name, resetAt: row.reset_at }))
}
