import { QUEUES } from '@common/queues.ts'
import { z } from 'zod'
import { withdrawIfOvertaken } from '../automation/automated-post-gate.ts'
import { GhlContactLinker } from '../ghl-contact/contact-link.ts'
import { DAY_HORIZON_MS, type HubReplyJob, STANDARD_RETRIES } from '../queue/queues.ts'
import { HubReplyHandler } from '../reply/hub-reply.handler.ts'
import { defineJob } from './job-definition.ts'
import { replyHandler } from './reply.job.ts'

const payload: z.ZodType<HubReplyJob> = z.looseObject({
  clientId: z.string(),
  leadId: z.string(),
  messageRowId: z.number().int(),
})

/** Deliver a reply typed in the hub's inbox to Yelp, then mirror it into GHL as outbound. */
export const hubReplyJob = defineJob({
  queue: QUEUES.hubReply,
  payload,
  workers: 2,
  options: STANDARD_RETRIES,
  // A person's words: they outlast a provider outage.
  horizonMs: DAY_HORIZON_MS,
  // Someone typed it and is watching the inbox: its calls go before a burst's syncs.
  calls: () => 'urgent',
  handle: (job, { deps }) =>
    new HubReplyHandler(
      deps.db,
      replyHandler(deps),
      new GhlContactLinker(deps.db, deps.providers.ghl, deps.sources),
      deps.providers.ghl,
      (row) => withdrawIfOvertaken(deps, row),
    ).run(job),
  // Shown `error` in the inbox, where Retry sends it again.
  onDead: async (job, reason, { deps }) => {
    await replyHandler(deps).markUndelivered(job.messageRowId, reason)
  },
})
