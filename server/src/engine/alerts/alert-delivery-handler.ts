import { randomUUID } from 'node:crypto'
import type { DB } from '../../db/database.ts'
import type { AlertDestination, AlertSenders } from '../../integrations/alerts/alert-senders.ts'
import { alertDeliverySeconds } from '../../lib/process-metrics.ts'
import type { SecretBox } from '../../lib/secret-box.ts'
import { findAlertChannel } from '../../repositories/alert-channels.repository.ts'
import {
  claimAlert,
  findAlert,
  markAlertAttemptFailed,
  markAlertSent,
  releaseAlertClaims,
} from '../../repositories/alerts.repository.ts'
import type { ChangePort } from '../changes/change-port.ts'
import type { JobQueue } from '../queue/job-queue.ts'
import { deliveryOf } from './alert-delivery-content.ts'
import type { AlertPayload } from './alert-message.ts'
import { ALERT_DELIVERY, type AlertDeliveryJob } from './alert-queue.ts'

/** How alert deliveries retry; tests shorten them. */
export interface AlertDeliveryOptions {
  /** First retry delay; doubles per attempt up to `retryMaxMs` (docs/spec/product.md §9.3: for 24 h). */
  retryBaseMs?: number
  retryMaxMs?: number
  horizonMs?: number
  /** How long one attempt holds its row; a sender that died frees it after this. */
  claimMs?: number
}

/** How long an alert is tried before it is `failed` (docs/spec/product.md §9.3). */
export const ALERT_DELIVERY_HORIZON_MS = 24 * 3600_000

const DEFAULTS: Required<AlertDeliveryOptions> = {
  retryBaseMs: 5_000,
  retryMaxMs: 15 * 60_000,
  horizonMs: ALERT_DELIVERY_HORIZON_MS,
  // Longer than a send can take (10 s per step, alert-senders.ts); a dead sender's row is free
  // again this long after it took it (PostgreSQL; on PGlite at the next start).
  claimMs: 60_000,
}

export interface AlertDeliveryDeps {
  db: DB
  jobs: JobQueue
  box: SecretBox
  senders: AlertSenders
  changes: ChangePort
  log: { warn(object: object, message: string): void }
  options?: AlertDeliveryOptions
}

/**
 * Delivers one outbox row. The row is the truth, the job only its reminder: the attempt claims
 * the row first, so however many processes hold a job for it, one delivers; a failed attempt
 * queues the next one (with backoff) before it lets the row go, so a crash between the two loses
 * nothing; a retry keeps the row's `webhook-id`. After 24 h of failures the row is `failed`.
 */
export class AlertDeliveryHandler {
  private readonly options: Required<AlertDeliveryOptions>

  constructor(private readonly deps: AlertDeliveryDeps) {
    this.options = { ...DEFAULTS, ...deps.options }
  }

  async run(job: AlertDeliveryJob): Promise<string> {
    const { db, jobs } = this.deps
    const holder = randomUUID()
    const row = await claimAlert(db, job.alertId, holder, new Date(Date.now() + this.options.claimMs))
    if (!row) {
      const current = await findAlert(db, job.alertId)
      if (current?.state !== 'pending') return 'done before'
      // Another attempt holds it: look again when its claim ends (it may have died).
      const after = new Date(Math.max(Date.now(), current.claimedUntil?.getTime() ?? 0) + 1_000)
      await jobs.enqueue(ALERT_DELIVERY, job, { startAfter: after })
      return 'held by another attempt'
    }
    const channel = await findAlertChannel(db, row.channelId)
    if (!channel) {
      await markAlertAttemptFailed(db, row.id, holder, 'The channel was deleted', true)
      return 'channel deleted'
    }
    const destination: AlertDestination = {
      type: channel.type,
      target: channel.target,
      secret: this.deps.box.openOptional(channel.secret),
    }
    try {
      await this.deps.senders.send(
        destination,
        deliveryOf(row.payload as unknown as AlertPayload, row.deliveryId, channel.type),
      )
      await markAlertSent(db, row.id, holder)
      alertDeliverySeconds.observe(
        { channel_type: channel.type },
        (Date.now() - row.createdAt.getTime()) / 1000,
      )
      this.announce(row.clientId)
      return 'sent'
    } catch (error) {
      const reason = (error as Error).message
      const final = Date.now() - row.createdAt.getTime() >= this.options.horizonMs
      if (!final) {
        const backoff = Math.min(this.options.retryMaxMs, this.options.retryBaseMs * 2 ** (row.attempts - 1))
        await jobs.enqueue(ALERT_DELIVERY, job, { startAfter: new Date(Date.now() + backoff) })
      }
      await markAlertAttemptFailed(db, row.id, holder, reason, final)
      this.deps.log.warn(
        { alertId: row.id, channelId: row.channelId, attempt: row.attempts },
        `alert delivery failed: ${reason}`,
      )
      this.announce(row.clientId)
      return final ? `failed: ${reason}` : `will retry: ${reason}`
    }
  }

  private announce(clientId: string | null): void {
    this.deps.changes.announce({ topic: 'alerts', ...(clientId ? { clientId } : {}) })
  }
}

/**
 * On the embedded database only one process runs: an alert still claimed at start was being sent
 * when the last process died (kill -9), and may be taken again at once.
 */
export async function releaseOrphanedAlertClaims(db: DB, isSharedDatabase: boolean): Promise<void> {
  if (!isSharedDatabase) await releaseAlertClaims(db)
}
