import { findPlaybook } from '../../../repositories/playbooks.repository.ts'
import { LEAD_AUTOMATION } from '../../jobs/lead-automation.queue.ts'
import { defineLeadReaction } from '../lead-reaction.ts'

/**
 * First replies and follow-ups (docs/spec/product.md §9.2): a run of the lead's automation after
 * anything that may change its plan: its conversation stored (a first reply may be due, a
 * consumer's message ends the follow-ups), its status set, in the hub or in GHL (converted or
 * closed ends them). Only when the client's playbook automates anything: a client without first
 * replies or follow-ups costs one primary-key read, not a job. A step scheduled before the
 * playbook was turned off still runs from the sweep, and ends `disabled`.
 */
export const leadAutomationReaction = defineLeadReaction({
  on: ['lead.stored', 'lead.status_changed'],
  async react(event, { tx, jobs, clock }) {
    const playbook = await findPlaybook(tx, event.clientId)
    if (!playbook.firstReply.enabled && playbook.followUps.length === 0) return
    // A stored conversation was read from the source just now: the run may post on that read
    // rather than spend another call reading it again (lead-automation.ts, justRead).
    const read = event.type === 'lead.stored' ? { eventsReadAt: clock().toISOString() } : {}
    await jobs.enqueue(LEAD_AUTOMATION, { clientId: event.clientId, leadId: event.leadId, ...read }, { tx })
  },
})
