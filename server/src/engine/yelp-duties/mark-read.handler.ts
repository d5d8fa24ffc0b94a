import type { DB } from '../../db/database.ts'
import { lockLeadReadState, recordLeadRead } from '../../repositories/lead-read-receipts.repository.ts'
import { findLead } from '../../repositories/leads.repository.ts'
import type { MarkReadJob } from '../queue/queues.ts'
import type { LeadSources } from '../sources/sources.ts'

/**
 * Marks on the lead's source the consumer message a person opened in the inbox (docs/decisions/0012;
 * docs/providers/yelp.md §1 mark_as_read, "only mark read when a human actually read it"). Queued by
 * the inbox once per message; a job so that an outage delays the mark instead of losing it. A
 * source without read receipts (no `markRead`) is told nothing: the read is recorded as confirmed.
 */
export class MarkReadHandler {
  constructor(
    private readonly db: DB,
    private readonly sources: Pick<LeadSources, 'get'>,
  ) {}

  async run(job: MarkReadJob): Promise<{ marked: string } | { skipped: string }> {
    const source = this.sources.get((await findLead(this.db, job.clientId, job.leadId))?.source)
    await source.markRead?.(job.clientId, job.leadId, job.eventId, new Date(job.readAt))
    // Confirmed marks only move forward: a retried older mark must not hide a newer one.
    const recorded = await this.db.transaction(async (tx) => {
      const state = await lockLeadReadState(tx, job.leadId)
      if (!state) return false
      const ids = state.messages.map((message) => message.id)
      if (state.readEventId && ids.indexOf(state.readEventId) >= ids.indexOf(job.eventId)) return false
      await recordLeadRead(tx, job.leadId, job.eventId, new Date(job.readAt))
      return true
    })
    return recorded
      ? { marked: job.eventId }
      : { skipped: `a newer event of lead ${job.leadId} is marked read` }
  }
}
