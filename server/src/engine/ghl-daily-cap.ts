import type { DB } from '../db/database.ts'
import { DailyCapReachedError } from '../integrations/http/provider-errors.ts'
import { ghlDailyCapResetOf, recordGhlDailyCap } from '../repositories/ghl-daily-caps.repository.ts'
import { ghlDailyCapAlert } from './alerts/alert-events.ts'
import { type AlertPort, NO_ALERTS } from './alerts/alert-port.ts'

/**
 * When a job for `clientId` may run, if its GHL location's daily cap is spent now. Only the jobs
 * whose declaration says `ghlCapped` ask: replies are not among them, since their Yelp delivery
 * must not wait a day for GHL's status report (that part is rescheduled to the reset when it
 * meets the cap).
 */
export async function ghlCapHoldsUntil(db: DB, clientId: string | undefined): Promise<Date | null> {
  if (!clientId) return null
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
  now: Date,
  alerts: AlertPort = NO_ALERTS,
): Promise<Date | null> {
  if (!(error instanceof DailyCapReachedError) || error.platform !== 'ghl' || !clientId) return null
  const resetAt = new Date(now.getTime() + error.retryAfterMs)
  await recordGhlDailyCap(db, clientId, resetAt, error.message)
  await alerts.raise(ghlDailyCapAlert(clientId, resetAt, error.message))
  return resetAt
}
