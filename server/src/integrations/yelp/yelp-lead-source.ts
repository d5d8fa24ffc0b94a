import type { LeadMessage, LeadSnapshot, MessageAttachment } from '@common/lead-model.ts'
import type { YelpAttachment, YelpEvent, YelpLead } from './yelp.schemas.ts'
import { eventText, isMessageEvent } from './yelp-events.ts'
import type { YelpLeadsClient } from './yelp-leads.client.ts'

/**
 * Yelp as a lead source (engine/sources/lead-source.ts): the Leads API client, with Yelp's lead and
 * events turned into the hub's own shapes here and nowhere else (docs/providers/yelp.md §1).
 */
export class YelpLeadSource {
  readonly id = 'yelp'
  readonly label = 'Yelp'

  constructor(private readonly client: YelpLeadsClient) {}

  async readLead(clientId: string, leadId: string): Promise<LeadSnapshot> {
    return yelpLeadSnapshot(await this.client.getLead(clientId, leadId))
  }

  async readMessages(
    clientId: string,
    leadId: string,
    options?: { knownIds?: ReadonlySet<string> },
  ): Promise<LeadMessage[]> {
    return (await this.client.listEvents(clientId, leadId, options)).map(yelpLeadMessage)
  }

  postReply(clientId: string, leadId: string, text: string): Promise<void> {
    return this.client.writeText(clientId, leadId, text)
  }

  listLeadIds(
    clientId: string,
    businessId: string,
    range?: { createdAfter?: Date; createdBefore?: Date },
  ): Promise<string[]> {
    return this.client.listLeadIds(clientId, businessId, range)
  }

  markRead(clientId: string, leadId: string, messageId: string, readAt: Date): Promise<void> {
    return this.client.markAsRead(clientId, leadId, messageId, readAt)
  }

  markReplied(
    clientId: string,
    leadId: string,
    replyType: 'PHONE' | 'EMAIL',
  ): Promise<'marked' | 'already_marked'> {
    return this.client.markAsReplied(clientId, leadId, replyType)
  }

  leadCost(clientId: string, leadId: string): Promise<{ cents: number | null; currency: string | null }> {
    return this.client.getLeadCost(clientId, leadId)
  }
}

/** A Yelp lead object as the hub's lead snapshot. */
export function yelpLeadSnapshot(lead: YelpLead): LeadSnapshot {
  const project = lead.project ?? {}
  return {
    id: lead.id,
    businessId: lead.business_id ?? null,
    conversationId: lead.conversation_id ?? null,
    name: lead.user?.display_name ?? null,
    // A masked number for an opted-out consumer (docs/providers/yelp.md §1): still the one to call.
    phone: lead.phone_number ?? lead.temporary_phone_number ?? null,
    // Yelp never shares the consumer's own address, only a relay one.
    email: null,
    temporaryEmail: lead.temporary_email_address ?? null,
    temporaryEmailExpiresAt: lead.temporary_email_address_expiry ?? null,
    job: {
      names: project.job_names ?? [],
      details: project.additional_info ?? null,
      postalCode: project.location?.postal_code ?? null,
      availability: {
        status: project.availability?.status ?? null,
        dates: project.availability?.dates ?? [],
      },
      answers: (project.survey_answers ?? [])
        .filter((answer) => Boolean(answer.question_text))
        .map((answer) => ({ question: answer.question_text, answers: answer.answer_text.map(String) })),
      attachments: (project.attachments ?? []).map(attachmentOf),
    },
    createdAt: lead.time_created,
    lastActivityAt: lead.last_event_time ?? null,
  }
}

/** A Yelp event as a message of the hub's conversation. */
export function yelpLeadMessage(event: YelpEvent): LeadMessage {
  return {
    id: event.id,
    kind: isMessageEvent(event) ? 'message' : 'contact_changed',
    author: event.user_type === 'CONSUMER' ? 'consumer' : 'business',
    authorName: event.user_display_name ?? null,
    text: eventText(event),
    attachments: (event.event_content?.attachments ?? []).map(attachmentOf),
    time: event.time_created,
    sourceType: event.event_type,
  }
}

function attachmentOf(attachment: YelpAttachment): MessageAttachment {
  return {
    id: attachment.id ?? null,
    url: attachment.url ?? null,
    name: attachment.resource_name ?? null,
    mimeType: attachment.mime_type ?? null,
  }
}
