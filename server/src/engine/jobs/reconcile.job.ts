import { QUEUES } from '@common/queues.ts'
import { z } from 'zod'
import { Reconciler } from '../reconciler.ts'
import { defineJob } from './job-definition.ts'

export const RECONCILE_CRON = '*/15 * * * *'

/** Every 15 minutes: fetch what webhooks missed, per connected business. */
export const reconcileJob = defineJob({
  queue: QUEUES.reconcile,
  // A cron job carries no data.
  payload: z.looseObject({}),
  workers: 1,
  // Its own period: a new one is due then anyway. Paging 5,000 lead ids takes about 50 s at
  // Yelp's 5/s, so its expiry fits a run (two runs at once were seen in bench/reconcile.bench.ts).
  options: { retryLimit: 1, policy: 'singleton', expireInSeconds: 15 * 60 },
  // pg-boss elects one process per cron tick, so several processes never double-schedule.
  schedule: { cron: RECONCILE_CRON },
  calls: () => 'bulk',
  announces: 'logs',
  handle: (_job, { deps }) => new Reconciler(deps.db, deps.jobs, deps.sources).run(deps.clock()),
})
