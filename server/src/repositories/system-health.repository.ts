import { type SQL, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { inClients, selectRows, toCount } from './raw-rows.ts'

// What the System Health dialog measures (docs/spec/product.md §2): the job queue, the last webhook,
// connections needing re-auth and credentials the providers refused.

function scoped(column: SQL, clientIds: string[] | null): SQL {
  return clientIds ? sql`and ${inClients(column, clientIds)}` : sql``
}

export interface QueueHealth {
  waiting: number
  oldestWaitingAt: string | null
  dead: number
}

/** Jobs waiting to run (created or retrying) and dead ones; pg-boss's own queues are left out. */
export async function readQueueHealth(db: DB, clientIds: string[] | null): Promise<QueueHealth> {
  const [row] = await selectRows<{ waiting: unknown; oldest: string | null; dead: unknown }>(
    db,
    sql`select
      count(*) filter (where state in ('created', 'retry')) as waiting,
      to_char(min(created_on) filter (where state in ('created', 'retry')) at time zone 'UTC',
        'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as oldest,
      count(*) filter (where state = 'failed') as dead
    from pgboss.job
    where name not like '\\_\\_%' and state in ('created', 'retry', 'failed')
      ${scoped(sql`data->>'clientId'`, clientIds)}`,
  )
  return { waiting: toCount(row?.waiting), oldestWaitingAt: row?.oldest ?? null, dead: toCount(row?.dead) }
}

/** When the newest real (not test) incoming webhook arrived, or null. */
export async function readLastWebhookAt(db: DB, clientIds: string[] | null): Promise<string | null> {
  const [row] = await selectRows<{ at: string }>(
    db,
    sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
      from webhook_logs
      where direction = 'incoming' and (payload->>'test') is distinct from 'true'
        ${scoped(sql`client_id`, clientIds)}
      order by created_at desc nulls last, id desc nulls last limit 1`,
  )
  return row?.at ?? null
}

/** Clients with a connection marked "needs re-auth" (a refused token refresh), by name. */
export async function listClientsNeedingReauth(
  db: DB,
  clientIds: string[] | null,
): Promise<Array<{ clientId: string; name: string; providers: string[] }>> {
  const rows = await selectRows<{ client_id: string; name: string; yelp: boolean; ghl: boolean }>(
    db,
    sql`select c.client_id, c.name,
        bool_or(pc.provider = 'yelp') as yelp, bool_or(pc.provider = 'ghl') as ghl
      from provider_connections pc join clients c on c.client_id = pc.client_id
      where coalesce((pc.facts->>'needsReauth')::boolean, false)
        ${scoped(sql`c.client_id`, clientIds)}
      group by c.client_id, c.name
      order by c.name limit 50`,
  )
  return rows.map((row) => ({
    clientId: row.client_id,
    name: row.name,
    providers: [row.yelp ? 'Yelp' : null, row.ghl ? 'GHL' : null].filter((p): p is string => p !== null),
  }))
}

/** Longer than the engine's waits through GHL's status-update 403 (reply.handler.ts). */
const RETRY_WINDOW_MS = 60_000

/**
 * Provider calls the provider refused for their credentials since `since`: every 401, and a 403
 * only when nothing accepted the same call afterwards. GHL answers a message's status update 403
 * for a few seconds while it "downstreams" the message (docs/providers/ghl.md §9); the engine
 * waits that out, so such a 403 followed by an accepted retry refused no credential. A GHL 403 of
 * the last minute may still be in that window, so it waits its turn before counting; other
 * providers have no such window, and their 403 counts at once (a lapsed Yelp subscription).
 */
export async function countCredentialErrors(
  db: DB,
  options: { since: Date; clientIds: string[] | null },
): Promise<number> {
  const settled = new Date(Date.now() - RETRY_WINDOW_MS)
  const [row] = await selectRows<{ n: unknown }>(
    db,
    sql`select count(*) as n from api_request_logs refused
      where refused.created_at >= ${options.since.toISOString()}::timestamptz
        and refused.status_code in (401, 403)
        -- Yelp's documented answer to a lead already marked replied is a 403 that refuses no credential (docs/decisions/0012).
        and not (refused.status_code = 403 and refused.endpoint like '%/mark_as_replied')
        and (refused.status_code = 401 or (
          (refused.platform is distinct from 'ghl' or refused.created_at < ${settled.toISOString()}::timestamptz)
          and not exists (
            select 1 from api_request_logs accepted
            where accepted.endpoint = refused.endpoint
              and accepted.method = refused.method
              and accepted.client_id is not distinct from refused.client_id
              and accepted.status_code between 200 and 299
              and (accepted.created_at, accepted.id) > (refused.created_at, refused.id))))
        ${scoped(sql`refused.client_id`, options.clientIds)}`,
  )
  return toCount(row?.n)
}

/** Round trip of a trivial statement, in milliseconds. */
export async function pingDatabase(db: DB): Promise<number> {
  const started = performance.now()
  await db.execute(sql`select 1`)
  return Math.round(performance.now() - started)
}
