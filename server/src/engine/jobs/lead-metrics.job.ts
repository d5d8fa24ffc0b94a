import { QUEUES } from '@common/queues.ts'
import { z } from 'zod'
import { LeadMetricsHandler } from '../lead-figures/lead-metrics.handler.ts'
import { DAY_HORIZON_MS, type LeadJob, leadSyncKey, STANDARD_RETRIES } from '../queue/queues.ts'
import { defineJob } from './job-definition.ts'

const payload: z.ZodType<LeadJob> = z.looseObject({ clientId: z.string(), leadId: z.string() })

/** A stored lead's cost from its source (Yelp's cost_per_lead), once per lead (docs/decisions/0014). */
export const leadMetricsJob = defineJob({
  queue: QUEUES.leadMetrics,
  payload,
  workers: 1,
  // `short`: one queued per lead, however many syncs asked; the handler skips a lead whose
  // metrics were fetched, so the Yelp call happens once.
  options: { ...STANDARD_RETRIES, policy: 'short' },
  // A cost is worth waiting for through an outage or a spent rate budget.
  horizonMs: DAY_HORIZON_MS,
  singletonKey: (job) => leadSyncKey(job),
  // Never urgent: its Yelp calls wait behind the live ones.
  calls: () => 'bulk',
  handle: (job, { deps }) => new LeadMetricsHandler(deps.db, deps.sources).run(job, deps.clock),
})
