import type { DB } from '../../db/database.ts'
import { TransientProviderError } from '../../integrations/http/provider-errors.ts'
import { withLeadLease } from '../queue/lead-lease.ts'

/** How soon a run that found the reply busy tries again. */
const BUSY_RETRY_MS = 5_000

/**
 * Runs one reply's delivery as its only run, across workers and processes. pg-boss fails a
 * handler that outlives the job's expiry and runs the job again while the first run goes on
 * (queues.ts, pg-boss's worker timeout): a slow Yelp write or GHL mirror would then be sent twice,
 * since the second run cannot see the first one's call in flight. The lease is the lead's kind
 * (renewed while the run lives, expiring with a crashed one) on a key of the reply's own, so a
 * reply never waits for its lead's sync. A run that finds it held fails as transient: it runs
 * again shortly, and by then the first has finished (or died and let go).
 */
export async function withReplyLease<T>(
  db: DB,
  job: { clientId: string; leadId: string },
  messageRowId: number,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const outcome = await withLeadLease(db, `${job.clientId}:${job.leadId}:reply-${messageRowId}`, work)
  if (outcome.ran) return outcome.result
  throw new TransientProviderError(
    'yelp',
    `Reply ${messageRowId} of lead ${job.leadId} is being sent by another run; trying again shortly`,
    BUSY_RETRY_MS,
  )
}
