import { z } from 'zod'
import { LeadAutomationRunner } from '../automation/lead-automation.ts'
import type { JobDeps } from './job-definition.ts'
import { defineJob } from './job-definition.ts'
import { LEAD_AUTOMATION, LEAD_AUTOMATION_AI, type LeadAutomationJob } from './lead-automation.queue.ts'

const DAY_MS = 24 * 3600_000

/**
 * A lead's first reply and follow-ups (docs/spec/product.md §9.2): queued by the lead sync, a
 * status change, a reply, and for itself when its next step is due. Several runs for one lead may
 * meet (two processes, a sweep): every step is claimed once, so they only repeat the checks.
 */
export const leadAutomationJob = defineJob<LeadAutomationJob>({
  ...LEAD_AUTOMATION,
  payload: z.object({
    clientId: z.string().min(1),
    leadId: z.string().min(1),
    eventsReadAt: z.iso.datetime({ offset: true }).optional(),
  }),
  workers: 2,
  // The model is asked on the AI queue (lead-automation-ai.job.ts), never here: a run is Yelp
  // calls and database work.
  options: { retryLimit: 8, retryDelay: 2, retryBackoff: true, expireInSeconds: 90 },
  // A first reply is a person's words by proxy: it outlasts a Yelp outage like a reply does.
  horizonMs: DAY_MS,
  announces: 'lead',
  // A first reply is what the new lead waits for: its Yelp calls go before a burst's syncs.
  calls: () => 'urgent',
  handle: (payload, { deps }) => automationRunner(deps).run(payload),
})

/**
 * The runner, waking this lead's next run when a step is due (on the hub's own clock), and
 * handing the first replies the model writes to their own queue.
 */
export function automationRunner(deps: JobDeps): LeadAutomationRunner {
  return new LeadAutomationRunner(
    deps,
    async (job, at) => {
      // pg-boss waits on the database's clock; the hub's may be moved by a test. Due in as long
      // from now as the hub's clock says.
      const delayMs = Math.max(0, at.getTime() - deps.clock().getTime())
      // The lead's ids only: the runner hands over the stored lead, events and all.
      const wake = { clientId: job.clientId, leadId: job.leadId }
      await deps.jobs.enqueue(leadAutomationJob, wake, { startAfter: new Date(Date.now() + delayMs) })
    },
    async (job) => {
      await deps.jobs.enqueue(LEAD_AUTOMATION_AI, job)
    },
  )
}
