import type { DB } from '../../db/database.ts'
import { lockLeadReadState, recordLeadRead } from '../../repositories/lead-read-receipts.repository.ts'
import type { LeadsPort } from '../provider-ports.ts'
import type { MarkReadJob } from '../queue/queues.ts'

/**
 * Marks on Yelp the consumer event a person opened in the inbox (docs/decisions/0012; docs/providers/yelp.md
 * §1 mark_as_read, "only mark read when a human actually read it"). Queued by the inbox once per
 * event; a job so that a Yelp outage delays the mark instead of losing it.
 */
export class MarkReadHandler {
  constructor(
    private readonly db: DB,
    private readonly leads: Pick<LeadsPort, 'markAsRead'>,
  ) {}

  async run(job: MarkReadJob): Promise<{ marked: string } | { skipped: string }> {
    await this.leads.markAsRead(job.clientId, job.leadId, job.eventId, new Date(job.readAt))
    // Confirmed marks only move forward: a retried older mark must not hide a newer one.
    const recorded = await this.db.transaction(async (tx) => {
      const state = await lockLeadReadState(tx, job.leadId)
      if (!state) return false
      const ids = state.events.map((event) => (event as { id?: unknown }).id)
      if (state.readEventId && ids.indexOf(state.readEventId) >= ids.indexOf(job.eventId)) return false
      await recordLeadRead(tx, job.leadId, job.eventId, new Date(job.readAt))
      return true
    })
    return recorded
      ? { marked: job.eventId }
      : { skipped: `a newer event of lead ${job.leadId} is marked read` }
  }
}
