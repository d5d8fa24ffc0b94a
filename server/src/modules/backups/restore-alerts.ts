import type { DB } from '../../db/database.ts'
import { ALERT_DELIVERY_HORIZON_MS } from '../../engine/alerts/alert-delivery-handler.ts'
import { ALERT_DELIVERY } from '../../engine/alerts/alert-queue.ts'
import type { JobQueue } from '../../engine/queue/job-queue.ts'
import {
  failPendingAlert,
  listPendingAlerts,
  releaseAlertClaims,
} from '../../repositories/alerts.repository.ts'

const TOO_LATE =
  'Restored from a backup after its 24-hour delivery window: not sent (the news is no longer current)'

/**
 * Queues the delivery job of every alert the restored database holds as pending: a backup
 * carries no queue (docs/backups.md), so without this a pending alert would stay pending for
 * ever. Each is delivered once however many jobs name it (the sender claims the row, and a sent
 * row is not sent again); one older than the 24-hour delivery window (docs/spec/product.md §9.3)
 * is failed with that reason instead of arriving as stale news. The server is stopped during a
 * restore, so claims still held belonged to the replaced database's processes. Returns how many
 * were queued.
 */
export async function requeuePendingAlerts(jobs: JobQueue, db: DB, now = new Date()): Promise<number> {
  await releaseAlertClaims(db)
  let queued = 0
  for (const row of await listPendingAlerts(db)) {
    if (now.getTime() - row.createdAt.getTime() >= ALERT_DELIVERY_HORIZON_MS) {
      await failPendingAlert(db, row.id, TOO_LATE)
      continue
    }
    await jobs.enqueue(ALERT_DELIVERY, { alertId: row.id })
    queued += 1
  }
  return queued
}
