import { QUEUES } from '@common/queues.ts'
import { z } from 'zod'
import { runClientRun, startClientRun } from '../client-run.ts'
import { opportunityBackfillRun } from '../pipeline/opportunity-backfill.ts'
import { LONG_JOB_EXPIRE_SECONDS, STANDARD_RETRIES } from '../queue/queues.ts'
import { defineJob, type JobDeps } from './job-definition.ts'

/**
 * Claims the client's backfill and queues it (client-run.ts), or answers the one running: the
 * pipeline step's button.
 */
export function startOpportunityBackfill(deps: Pick<JobDeps, 'db' | 'jobs'>, clientId: string) {
  return startClientRun(deps.db, opportunityBackfillRun, clientId, () =>
    deps.jobs.enqueue(opportunityBackfillJob, { clientId }),
  )
}

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
  handle: (job, { deps }) => runClientRun(deps, opportunityBackfillRun, job.clientId),
})
