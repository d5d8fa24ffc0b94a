import { QUEUES } from '@common/queues.ts'
import { z } from 'zod'
import { LeadContactUpdate } from '../lead-contact-update.ts'
import { DAY_HORIZON_MS, type LeadJob, STANDARD_RETRIES } from '../queue/queues.ts'
import { defineJob } from './job-definition.ts'
import { leadSyncHandler } from './lead-sync.job.ts'

const payload: z.ZodType<LeadJob> = z.looseObject({ clientId: z.string(), leadId: z.string() })

/** Push a lead's contact details edited in the inbox to its GHL contact. */
export const leadContactJob = defineJob({
  queue: QUEUES.leadContact,
  payload,
  workers: 1,
  options: STANDARD_RETRIES,
  // A person's words: they outlast a provider outage.
  horizonMs: DAY_HORIZON_MS,
  ghlCapped: true,
  handle: (job, { deps }) => new LeadContactUpdate(deps.db, leadSyncHandler(deps)).run(job),
})
