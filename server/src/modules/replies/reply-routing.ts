import type { DB } from '../../db/database.ts'
import { leadTag, readLeadTag } from '../../engine/reply/lead-tag.ts'
import { findLeadIdForReply, listLeadIdsOfContact } from '../../repositories/ghl-contacts.repository.ts'

export interface ReplyRoute {
  /** The Yelp lead the reply answers; null when none can be named. */
  leadId: string | null
  /** The reply's text for Yelp, without the lead tag that chose the lead. */
  text: string
  /** Why the reply cannot be sent, for GHL to show; the reply is then recorded failed. */
  error?: string
}

/**
 * The Yelp lead a GHL reply answers (docs/decisions/0019-replies-to-a-shared-ghl-contact.md).
 * GHL keeps one conversation per contact and its duplicate rules can make several Yelp leads one
 * contact, so for a shared contact the GHL user decides: a reply starting with a lead's tag (shown
 * on that lead's messages in the thread) answers that lead, and a tag naming none of the
 * contact's leads fails the reply rather than guessing. Without a tag, and for a contact with
 * one lead, the reply answers the lead whose consumer wrote last.
 */
export async function routeReply(
  db: DB,
  reply: { clientId: string; locationId: string; contactId: string; conversationId?: string },
  text: string,
): Promise<ReplyRoute> {
  const leadsOfContact = await listLeadIdsOfContact(db, reply)
  const tag = leadsOfContact.length > 1 ? readLeadTag(text) : null
  if (tag) {
    if (leadsOfContact.includes(tag.leadId)) return { leadId: tag.leadId, text: tag.rest }
    const known = leadsOfContact.map(leadTag).join(', ')
    return {
      leadId: null,
      text,
      error: `The reply starts with ${leadTag(tag.leadId)}, but ${leadTag(tag.leadId)} is not one of this contact's Yelp leads (${known}): nothing was sent to Yelp; start the reply with one of those tags`,
    }
  }
  return { leadId: await findLeadIdForReply(db, reply), text }
}
