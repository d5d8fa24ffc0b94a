import { QUEUES } from '@common/queues.ts'
import { z } from 'zod'
import { deleteSessionsExpiredBy } from '../../repositories/auth.repository.ts'
import { vacuumLeads } from '../../repositories/leads.repository.ts'
import { vacuumLogTables } from '../../repositories/log-index.repository.ts'
import { defineJob } from './job-definition.ts'

/** Deletes expired sessions every five minutes. */
export const housekeepingJob = defineJob({
  queue: QUEUES.housekeeping,
  // A cron job carries no data.
  payload: z.looseObject({}),
  workers: 1,
  options: {},
  schedule: { cron: '*/5 * * * *' },
  announces: 'none',
  handle: async (_job, { deps }) => {
    await deleteSessionsExpiredBy(deps.db, deps.clock())
    // PostgreSQL has autovacuum; PGlite has not.
    if (!deps.config.databaseUrl) {
      await vacuumLeads(deps.db)
      // The log-index job rewrites every log row once.
      await vacuumLogTables(deps.db)
    }
  },
})
