import type { FastifyInstance } from 'fastify'
import type { AppConfig } from '../config/config.ts'
import type { DB } from '../db/database.ts'
import { AlertConditions } from '../engine/alerts/alert-conditions.ts'
import {
  AlertDeliveryHandler,
  type AlertDeliveryOptions,
  releaseOrphanedAlertClaims,
} from '../engine/alerts/alert-delivery-handler.ts'
import { AlertOutbox } from '../engine/alerts/alert-outbox.ts'
import type { AlertPort } from '../engine/alerts/alert-port.ts'
import type { ChangePort } from '../engine/changes/change-port.ts'
import type { JobQueue } from '../engine/queue/job-queue.ts'
import { AlertSenders } from '../integrations/alerts/alert-senders.ts'
import type { SecretBox } from '../lib/secret-box.ts'
import { sealStoredAlertTargets } from '../modules/alerts/alert-channel-sealing.ts'

/**
 * Alerts are raised from everywhere through one port (docs/spec/product.md §9.3), the token
 * manager's re-auth alerts included, which is made before the job queue the outbox needs: the
 * port is handed out first and records through the outbox once `wireAlerts` made it. Until then
 * (and in a process without a job queue) a raised alert is dropped.
 */
export function alertPortBeforeOutbox(): {
  alerts: AlertPort
  recordThrough: (outbox: AlertOutbox) => void
} {
  let outbox: AlertOutbox | undefined
  return {
    alerts: { raise: (event) => outbox?.raise(event) ?? Promise.resolve() },
    recordThrough: (made) => {
      outbox = made
    },
  }
}

/** What the alert jobs run: delivery to a channel, and the periodic conditions check. */
export interface AlertJobParts {
  alertDelivery: AlertDeliveryHandler
  alertConditions: AlertConditions
}

/**
 * Alerts: an outbox row per (event, channel), each delivered by a job through the senders.
 * Slack and webhook URLs are sealed at rest: older plain rows, and APP_SECRET rotations, are
 * sealed here at start. Without a job queue there is no outbox, only the senders (the alert
 * channels' test button uses them).
 */
export async function wireAlerts({
  app,
  config,
  db,
  box,
  isShared,
  jobs,
  changes,
  recordThrough,
  options,
}: {
  app: FastifyInstance
  config: AppConfig
  db: DB
  box: SecretBox
  isShared: boolean
  jobs: JobQueue | undefined
  changes: ChangePort
  recordThrough: (outbox: AlertOutbox) => void
  options: AlertDeliveryOptions | undefined
}): Promise<{ senders: AlertSenders; jobParts: AlertJobParts | undefined }> {
  const senders = new AlertSenders(config.smtp, { box, allow: config.alertTargetAllow })
  app.addHook('onClose', async () => senders.close())
  await sealStoredAlertTargets(db, box, app.log)
  if (!jobs) return { senders, jobParts: undefined }
  const outbox = new AlertOutbox({ db, jobs, baseUrl: config.baseUrl, changes, log: app.log })
  recordThrough(outbox)
  await releaseOrphanedAlertClaims(db, isShared)
  return {
    senders,
    jobParts: {
      alertDelivery: new AlertDeliveryHandler({ db, jobs, box, senders, changes, log: app.log, options }),
      alertConditions: new AlertConditions(db, outbox),
    },
  }
}
