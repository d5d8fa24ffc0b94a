import type { LeadMessage, LeadSnapshot } from '@common/lead-model.ts'

/**
 * What the engine needs of a lead platform (docs/architecture.md, "Sources"). Yelp's adapter
 * (integrations/yelp/yelp-lead-source.ts) is the first implementation; a source is one line of
 * engine/sources/sources.ts. Every shape here is the hub's own (common/lead-model.ts): no
 * vendor type crosses this port.
 */
export interface LeadSource {
  /** The source's id: stored on its leads and carried by their jobs ('yelp'). */
  readonly id: string
  /** The source's name in words, for errors and screens ('Yelp'). */
  readonly label: string
  /** The lead as the source describes it now. */
  readLead(clientId: string, leadId: string): Promise<LeadSnapshot>
  /** Every message of the lead, oldest first; with `knownIds`, at least every one newer than a known one. */
  readMessages(
    clientId: string,
    leadId: string,
    options?: { knownIds?: ReadonlySet<string> },
  ): Promise<LeadMessage[]>
  /** Posts the business's reply in the lead's conversation on the source. */
  postReply(clientId: string, leadId: string, text: string): Promise<void>
  /** The ids of a business's leads, for imports and reconciles. */
  listLeadIds?(
    clientId: string,
    businessId: string,
    range?: { createdAfter?: Date; createdBefore?: Date },
  ): Promise<string[]>
  /** Tells the source the consumer's message was read in the hub. */
  markRead?(clientId: string, leadId: string, messageId: string, readAt: Date): Promise<void>
  /** Tells the source the business answered outside it (by phone or email). */
  markReplied?(
    clientId: string,
    leadId: string,
    replyType: 'PHONE' | 'EMAIL',
  ): Promise<'marked' | 'already_marked'>
  /** What the lead cost the business, when the source charges per lead. */
  leadCost?(clientId: string, leadId: string): Promise<{ cents: number | null; currency: string | null }>
}
