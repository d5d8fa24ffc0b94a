import { QUEUES } from '@common/queues.ts'
import { z } from 'zod'
import { DAY_HORIZON_MS, type MarkReadJob, STANDARD_RETRIES } from '../queue/queues.ts'
import { MarkReadHandler } from '../yelp-duties/mark-read.handler.ts'
import { defineJob } from './job-definition.ts'

const payload: z.ZodType<MarkReadJob> = z.looseObject({
  clientId: z.string(),
  leadId: z.string(),
  eventId: z.string(),
  readAt: z.string(),
})

/** Mark on the lead's source (Yelp) the consumer message a person opened in the inbox (docs/decisions/0012). */
export const markReadJob = defineJob({
  queue: QUEUES.markRead,
  payload,
  workers: 1,
  options: STANDARD_RETRIES,
  // A read receipt must survive the source's outage too.
  horizonMs: DAY_HORIZON_MS,
  handle: (job, { deps }) => new MarkReadHandler(deps.db, deps.sources).run(job),
})
