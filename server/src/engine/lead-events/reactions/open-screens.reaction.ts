import { defineLeadReaction } from '../lead-reaction.ts'

/**
 * Open inboxes and client lists show a stored lead's new message at once, before (and whether or
 * not) GHL takes it (docs/spec/product.md §6.1, `GET /api/events`).
 */
export const openScreensReaction = defineLeadReaction({
  on: ['lead.stored'],
  async react(event, { changes }) {
    changes.announce({ topic: 'leads', clientId: event.clientId, leadId: event.leadId })
    changes.announce({ topic: 'clients', clientId: event.clientId })
  },
})
