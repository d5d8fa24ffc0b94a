import { QUEUES } from '@common/queues.ts'
import { z } from 'zod'
import { OpportunityBackfill } from '../pipeline/opportunity-backfill.ts'
import { OpportunitySync } from '../pipeline/opportunity-sync.ts'
import { LONG_JOB_EXPIRE_SECONDS, STANDARD_RETRIES } from '../queue/queues.ts'
import { defineJob } from './job-definition.ts'

/** Every stored lead of a client gets its opportunity: the pipeline step's backfill button. */
export const opportunityBackfillJob = defineJob({
  queue: QUEUES.opportunityBackfill,
  payload: z.object({ clientId: z.string() }),
  workers: 1,
  // It goes through every lead of the client: the contact sync's long expiry, one per client.
  options: { ...STANDARD_RETRIES, policy: 'stately', expireInSeconds: LONG_JOB_EXPIRE_SECONDS },
  singletonKey: (job) => job.clientId,
  calls: () => 'bulk',
  announces: 'lead',
  handle: (job, { deps }) =>
    new OpportunityBackfill(deps.db, new OpportunitySync(deps.db, deps.providers.ghl.opportunities)).run(
      job.clientId,
    ),
})
