import { QUEUES } from '@common/queues.ts'
import { z } from 'zod'
import { LeadImport } from '../lead-import.ts'
import { type ClientJob, LONG_JOB_EXPIRE_SECONDS, STANDARD_RETRIES } from '../queue/queues.ts'
import { defineJob, type JobDeps } from './job-definition.ts'

const payload: z.ZodType<ClientJob> = z.looseObject({ clientId: z.string() })

/** The client's historical import: `start` checks and queues it, the job pages the lead ids. */
export function leadImport(deps: JobDeps): LeadImport {
  return new LeadImport(deps.db, deps.jobs, deps.sources, (clientId) =>
    deps.jobs.enqueue(leadImportJob, { clientId }),
  )
}

/** Page a business's lead ids and queue each lead. */
export const leadImportJob = defineJob({
  queue: QUEUES.leadImport,
  payload,
  workers: 1,
  // Minutes for a large business: an expiry that fits it (see contact-sync.job.ts).
  options: { ...STANDARD_RETRIES, policy: 'stately', expireInSeconds: LONG_JOB_EXPIRE_SECONDS },
  singletonKey: (job) => job.clientId,
  calls: () => 'bulk',
  handle: (job, { deps }) => leadImport(deps).run(job.clientId),
})
