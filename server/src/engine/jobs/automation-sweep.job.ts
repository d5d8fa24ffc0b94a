import { QUEUES } from '@common/queues.ts'
import { z } from 'zod'
import { listLeadsWithDueSteps } from '../../repositories/lead-automation.repository.ts'
import { defineJob } from './job-definition.ts'
import { leadAutomationJob } from './lead-automation.job.ts'

/** Leads queued per sweep at most; the next minute's sweep takes the rest. */
const SWEEP_LIMIT = 1000

/**
 * Every minute, the leads with an automation step due on the hub's clock are queued: a step
 * whose own wake-up was lost (a restore, a queue cleared) or that a test's clock made due still
 * happens. Queuing a lead twice is harmless: its steps are claimed once.
 */
export const automationSweepJob = defineJob({
  queue: QUEUES.automationSweep,
  // A cron job carries no data.
  payload: z.object({}),
  workers: 1,
  options: { retryLimit: 1, policy: 'singleton', expireInSeconds: 120 },
  schedule: { cron: '* * * * *' },
  handle: async (_payload, { deps }) => {
    const due = await listLeadsWithDueSteps(deps.db, deps.clock(), SWEEP_LIMIT)
    await deps.jobs.enqueueMany(leadAutomationJob, due)
    return { queued: due.length }
  },
})
