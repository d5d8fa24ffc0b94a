import { QUEUES } from '@common/queues.ts'
import { z } from 'zod'
import { INDEXED_LOG_TABLES, indexLogTail } from '../../repositories/log-index.repository.ts'
import { defineJob } from './job-definition.ts'

// Rows per statement: enough to amortise a statement, few enough that on the embedded
// database, whose one connection the webhooks share, one statement never holds an answer long.
const ROWS_PER_STATEMENT = 200
// One run's bound; what is left waits for the next wake-up or the minute's sweep.
const RUN_BUDGET_MS = 30_000

/**
 * Fills the request logs' search text and counts (repositories/log-index.repository.ts) until
 * nothing is left. Queued by the webhook service after its commits and every minute as a sweep;
 * `stately`: one run at a time across processes, and one more waiting, so a burst of wake-ups
 * costs one queued job.
 */
export const logIndexJob = defineJob({
  queue: QUEUES.logIndex,
  payload: z.looseObject({}),
  workers: 1,
  options: { policy: 'stately', retryLimit: 2, expireInSeconds: 120 },
  schedule: { cron: '* * * * *', tz: 'UTC' },
  announces: 'none',
  handle: async (_job, { deps }) => {
    const started = Date.now()
    const indexed: Record<string, number> = {}
    for (const table of INDEXED_LOG_TABLES) {
      indexed[table] = 0
      for (;;) {
        const rows = await indexLogTail(deps.db, table, ROWS_PER_STATEMENT)
        indexed[table] += rows
        if (rows < ROWS_PER_STATEMENT || Date.now() - started > RUN_BUDGET_MS) break
      }
    }
    return indexed
  },
})
