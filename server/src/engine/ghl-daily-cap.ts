import type { DB } from '../db/database.ts'
import { DailyCapReachedError } from '../integrations/http/provider-errors.ts'
import { ghlDailyCapResetOf, recordGhlDailyCap } from '../repositories/ghl-daily-caps.repository.ts'
import { ghlDailyCapAlert } from './alerts/alert-events.ts'
import { type AlertPort, NO_ALERTS } from './alerts/alert-port.ts'
import { QUEUES } from './queue/queues.ts'

/**
 * The queues whose jobs call GHL for a client's location before anything else worth doing: while
 * the location's daily cap is spent they wait for its reset without running (issue 10 item 8).
 * Replies are not among them: their Yelp delivery must not wait a day for GHL's status report
 * (that part is rescheduled to the reset when it meets the cap).
 */
const GHL_CAPPED_QUEUES: ReadonlySet<string> = new Set([
  QUEUES.leadSync,
  QUEUES.leadSyncBulk,
  QUEUES.contactSync,
  QUEUES.leadContact,
])

/** When a job of `queue` for `clientId` may run, if its GHL location's daily cap is spent now. */
export async function ghlCapHoldsUntil(
  db: DB,
  queue: string,
  clientId: string | undefined,
): Promise<Date | null> {
  if (!clientId || !GHL_CAPPED_QUEUES.has(queue)) return null
  return ghlDailyCapResetOf(db, clientId)
}

/**
 * A job met GHL's daily cap: the client's location is parked until the reset GHL named, for
 * every job and process (ghl_daily_caps). Returns the reset, or null when the error is another.
 */
export async function parkOnGhlDailyCap(
  db: DB,
  clientId: string | undefined,
  error: unknown,
  alerts: AlertPort = NO_ALERTS,
): Promise<Date | null> {
  if (!(error instanceof DailyCapReachedError) || error.platform !== 'ghl' || !clientId) return null
  const resetAt = new Date(Date.now() + error.retryAfterMs)
  await recordGhlDailyCap(db, clientId, resetAt, error.message)
  await alerts.raise(ghlDailyCapAlert(clientId, resetAt, error.message))
  return resetAt
}
