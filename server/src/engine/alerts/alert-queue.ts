import { QUEUES } from '@common/queues.ts'
import type { QueuedJob } from '../queue/job-queue.ts'

/** The durable delivery of one alert outbox row (engine/jobs/alert-delivery.job.ts). */
export interface AlertDeliveryJob {
  alertId: number
}

/**
 * What the JobQueue port needs of the delivery job's declaration, without importing it (the
 * declaration's deps name the handler that enqueues it: that import would be a cycle).
 */
export const ALERT_DELIVERY: QueuedJob<AlertDeliveryJob> = { queue: QUEUES.alertDelivery }
