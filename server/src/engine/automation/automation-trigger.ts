import type { DB } from '../../db/database.ts'
import { findPlaybook } from '../../repositories/playbooks.repository.ts'
import { LEAD_AUTOMATION } from '../jobs/lead-automation.queue.ts'
import type { JobQueue } from '../queue/job-queue.ts'

/**
 * Queues a run of the lead's automation after something that may change it (a message stored,
 * a status set), when the client's playbook automates anything: a client without first replies
 * or follow-ups costs its webhooks one primary-key read, not a job. A step scheduled before the
 * playbook was turned off still runs from the sweep, and ends `disabled`.
 */
export async function queueLeadAutomation(
  db: DB,
  jobs: JobQueue,
  lead: { clientId: string; leadId: string },
  options: { tx?: DB; eventsReadAt?: Date } = {},
): Promise<void> {
  const { eventsReadAt, ...enqueueOptions } = options
  const playbook = await findPlaybook(options.tx ?? db, lead.clientId)
  if (!playbook.firstReply.enabled && playbook.followUps.length === 0) return
  await jobs.enqueue(
    LEAD_AUTOMATION,
    {
      clientId: lead.clientId,
      leadId: lead.leadId,
      ...(eventsReadAt ? { eventsReadAt: eventsReadAt.toISOString() } : {}),
    },
    enqueueOptions,
  )
}
