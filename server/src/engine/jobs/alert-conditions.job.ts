import { QUEUES } from '@common/queues.ts'
import { z } from 'zod'
import { defineJob } from './job-definition.ts'

/**
 * Every minute, one run across processes: leads waiting past a channel's SLA and jobs that died
 * become alerts, within the 5 minutes docs/spec/product.md §9.3 allows condition alerts.
 */
export const alertConditionsJob = defineJob({
  queue: QUEUES.alertConditions,
  payload: z.object({}),
  workers: 1,
  options: { policy: 'singleton', retryLimit: 1, expireInSeconds: 120 },
  schedule: { cron: '* * * * *', tz: 'UTC' },
  handle: (_job, { deps }) => deps.alertConditions.run(),
})
