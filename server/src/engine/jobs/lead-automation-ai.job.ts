import { z } from 'zod'
import { defineJob } from './job-definition.ts'
import { automationRunner } from './lead-automation.job.ts'
import { LEAD_AUTOMATION_AI, type LeadAutomationAiJob } from './lead-automation.queue.ts'

const DAY_MS = 24 * 3600_000

/**
 * A due first reply the model writes (docs/spec/product.md §9.6), handed over by the lead's
 * automation run. Workers of its own: a model that accepts and never answers holds these for its
 * timeout, while template first replies and follow-ups go on beside them; and the model's
 * breaker (ai-breaker.ts) sends the template at once after repeated failures.
 */
export const leadAutomationAiJob = defineJob<LeadAutomationAiJob>({
  ...LEAD_AUTOMATION_AI,
  payload: z.object({
    clientId: z.string().min(1),
    leadId: z.string().min(1),
    stepId: z.number().int().positive(),
  }),
  workers: 2,
  // Past the model's 20 s timeout and the step's claim (lead-automation.ts): an expired run's
  // step is claimed, so a second one beside it leaves without asking the model.
  options: { retryLimit: 8, retryDelay: 2, retryBackoff: true, expireInSeconds: 90 },
  horizonMs: DAY_MS,
  announces: 'lead',
  calls: () => 'urgent',
  handle: (payload, { deps }) => automationRunner(deps).writeWithModel(payload),
})
