import { QUEUES } from '@common/queues.ts'
import { z } from 'zod'
import { OpportunitySync } from '../pipeline/opportunity-sync.ts'
import { STANDARD_RETRIES } from '../queue/queues.ts'
import { defineJob } from './job-definition.ts'

const DAY_MS = 24 * 3600_000

/**
 * A lead's GHL opportunity: created once its contact exists, then moved with each status change
 * (docs/spec/product.md §9.4). `short`: one queued per lead; a run always sends the newest status,
 * so a change made while one waits needs no second job.
 */
export const opportunitySyncJob = defineJob({
  queue: QUEUES.opportunitySync,
  payload: z.object({ clientId: z.string(), leadId: z.string(), version: z.number().int().optional() }),
  workers: 2,
  options: { ...STANDARD_RETRIES, policy: 'short' },
  // Through a GHL outage: the move is worth making when GHL is back.
  horizonMs: DAY_MS,
  singletonKey: (job) => `${job.clientId}:${job.leadId}`,
  announces: 'lead',
  handle: (job, { deps }) => new OpportunitySync(deps.db, deps.providers.ghl.opportunities).run(job),
})
