import { sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { selectRows } from './raw-rows.ts'

/** Slack for deliveries whose statement began just before the job's own and waited on it. */
const STATEMENT_SLACK = '5 seconds'

/**
 * Whether a delivery accepted since the queued job `jobId` was written names this lead with an
 * update other than the job's own event, and not handled yet (an event already forwarded or
 * claimed as an echo is not news). The queue keeps one waiting sync per lead and drops the others
 * (the `short` policy), so such an update may have been folded into this job; a job that would
 * otherwise only store its own event (the echo of the hub's reply) must then sync the lead in
 * full. Read from the deliveries' log rows (`webhook_logs`, by client and time), in the worker,
 * so the acknowledgement writes nothing more. A delivery that came after the job started (not
 * folded) also counts: it only costs a sync that would have run anyway.
 */
export async function hasDeliveriesFoldedInto(
  db: DB,
  job: { queue: string; jobId: string; clientId: string; leadId: string; eventId: string },
): Promise<boolean> {
  const [row] = await selectRows<{ folded: boolean }>(
    db,
    sql`select exists (
      select 1
      from webhook_logs w
      cross join lateral jsonb_array_elements(
        case when jsonb_typeof(w.payload->'data'->'updates') = 'array' then w.payload->'data'->'updates' else '[]'::jsonb end
      ) as u(update)
      where w.client_id = ${job.clientId} and w.status_code = 200
        and w.created_at >= coalesce(
          (select created_on from pgboss.job where name = ${job.queue} and id = ${job.jobId}::uuid),
          now() - interval '10 minutes'
        ) - ${STATEMENT_SLACK}::interval
        and u.update->>'lead_id' = ${job.leadId}
        and (u.update->>'event_id') is distinct from ${job.eventId}
        and not exists (
          select 1 from yelp_event_claims c where c.event_id = u.update->>'event_id' and c.state = 'done'
        )
    ) as folded`,
  )
  return row?.folded === true
}
