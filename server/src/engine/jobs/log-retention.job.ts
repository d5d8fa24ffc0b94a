import { QUEUES } from '@common/queues.ts'
import { z } from 'zod'
import { purgeExpiredLogs, RETENTION_CRON } from '../retention.job.ts'
import { defineJob } from './job-definition.ts'

/** Deletes webhook logs, API logs and messages older than the logRetention setting. */
export const logRetentionJob = defineJob({
  queue: QUEUES.logRetention,
  // A cron job carries no data.
  payload: z.looseObject({}),
  workers: 1,
  // `singleton`: one run at a time across processes; a second tick waits for the first.
  options: { policy: 'singleton', retryLimit: 2 },
  schedule: { cron: RETENTION_CRON, tz: 'UTC' },
  announces: 'none',
  handle: async (_job, { deps }) => {
    const deleted = await purgeExpiredLogs(deps.db, deps.clock())
    const total = Object.values(deleted).reduce((a, b) => a + b, 0)
    if (total > 0) deps.log.info(`log retention deleted ${total} rows (${JSON.stringify(deleted)})`)
    return deleted
  },
})
