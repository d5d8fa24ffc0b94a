import { QUEUES } from '@common/queues.ts'
import { z } from 'zod'
import { defineJob } from './job-definition.ts'

/**
 * One alert to one channel (docs/spec/product.md §9.3). The handler claims the outbox row and
 * schedules its own retries for 24 h (engine/alerts/alert-delivery-handler.ts); pg-boss's
 * retries cover only a database error inside it.
 */
export const alertDeliveryJob = defineJob({
  queue: QUEUES.alertDelivery,
  payload: z.object({ alertId: z.number().int().positive() }),
  workers: 4,
  options: { retryLimit: 20, retryDelay: 5, retryBackoff: true, expireInSeconds: 30 },
  handle: (job, { deps }) => deps.alertDelivery.run(job),
})
