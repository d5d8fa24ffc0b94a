import { QUEUES } from '@common/queues.ts'
import { z } from 'zod'
import { purgeGhlWebhookReceipts } from '../../repositories/lead-opportunities.repository.ts'
import { purgeExpiredLogs, RETENTION_CRON } from '../retention.job.ts'
import { defineJob } from './job-definition.ts'

const DAY_MS = 24 * 3600_000

/** Deletes webhook logs, API logs and messages older than the logRetention setting, and day-old GHL webhook ids. */
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
    const deleted = {
      ...(await purgeExpiredLogs(deps.db, deps.clock())),
      // GHL webhook ids are kept a day: long past GHL's last retry of them (docs/providers/ghl.md §10).
      ghl_webhook_receipts: await purgeGhlWebhookReceipts(deps.db, new Date(deps.clock().getTime() - DAY_MS)),
    }
    const total = Object.values(deleted).reduce((a, b) => a + b, 0)
    if (total > 0) deps.log.info(`log retention deleted ${total} rows (${JSON.stringify(deleted)})`)
    return deleted
  },
})
