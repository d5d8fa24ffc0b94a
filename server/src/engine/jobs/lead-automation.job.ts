import { z } from 'zod'
import { LeadAutomationRunner } from '../automation/lead-automation.ts'
import type { JobDeps } from './job-definition.ts'
import { defineJob } from './job-definition.ts'
import { LEAD_AUTOMATION, type LeadAutomationJob } from './lead-automation.queue.ts'

const DAY_MS = 24 * 3600_000

/**
 * A lead's first reply and follow-ups (docs/spec/product.md §9.2): queued by the lead sync, a
 * status change, a reply, and for itself when its next step is due. Several runs for one lead may
 * meet (two processes, a sweep): every step is claimed once, so they only repeat the checks.
 */
export const leadAutomationJob = defineJob<LeadAutomationJob>({
  ...LEAD_AUTOMATION,
  payload: z.object({ clientId: z.string().min(1), leadId: z.string().min(1) }),
  workers: 2,
  options: { retryLimit: 8, retryDelay: 2, retryBackoff: true, expireInSeconds: 30 },
  // A first reply is a person's words by proxy: it outlasts a Yelp outage like a reply does.
  horizonMs: DAY_MS,
  announces: 'lead',
  handle: (payload, { deps }) => automationRunner(deps).run(payload),
})

/** The runner, waking this lead's next run when a step is due (on the hub's own clock). */
export function automationRunner(deps: JobDeps): LeadAutomationRunner {
  return new LeadAutomationRunner(deps, async (job, at) => {
    // pg-boss waits on the database's clock; the hub's may be moved by a test. Due in as long
    // from now as the hub's clock says.
    const delayMs = Math.max(0, at.getTime() - deps.clock().getTime())
    await deps.jobs.enqueue(leadAutomationJob, job, { startAfter: new Date(Date.now() + delayMs) })
  })
}
