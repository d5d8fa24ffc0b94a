import { QUEUES } from '@common/queues.ts'
import { z } from 'zod'
import { DAY_HORIZON_MS, type ReplyJob, STANDARD_RETRIES } from '../queue/queues.ts'
import { ReplyHandler } from '../reply/reply.handler.ts'
import { defineJob, type JobDeps } from './job-definition.ts'

const payload: z.ZodType<ReplyJob> = z.looseObject({
  clientId: z.string(),
  leadId: z.string(),
  ghlMessageId: z.string(),
  ghlLocationId: z.string(),
  messageRowId: z.number().int(),
})

export function replyHandler(deps: JobDeps): ReplyHandler {
  return new ReplyHandler(deps.db, deps.sources, deps.providers.ghl, deps.alerts)
}

/** Deliver a GHL reply to Yelp and report the outcome back to GHL. */
export const replyJob = defineJob({
  queue: QUEUES.reply,
  payload,
  workers: 2,
  options: STANDARD_RETRIES,
  // A person's words: they outlast a provider outage.
  horizonMs: DAY_HORIZON_MS,
  // Someone typed it in GHL and waits for it on Yelp: its calls go before a burst's syncs.
  calls: () => 'urgent',
  handle: (job, { deps }) => replyHandler(deps).run(job),
  // Shown `error` in the inbox (where Retry sends it again) and `failed` in GHL.
  onDead: (job, reason, { deps }) => replyHandler(deps).giveUp(job, reason),
})
