import type { StoredEvent, StoredLead, YelpBusiness } from './yelp-state.store.ts'
import { DAY_MS, yelpTime } from './yelp-time.ts'

/** GET /v3/leads/{id} as docs/providers/yelp.md §1 shows it; optional fields are omitted, never null. */
export function leadJson(
  lead: StoredLead,
  nowMs: number,
  isProxyEmailEnabled: boolean,
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    id: lead.id,
    business_id: lead.businessId,
    conversation_id: lead.conversationId,
  }
  // docs/providers/yelp.md §1: the proxy email exists only if enabled for the partner, the lead is < 30 days old
  // and no business user has replied yet.
  const hasBizReply = lead.events.some((e) => e.userType === 'BIZ')
  const emailExpiresMs = lead.createdMs + 30 * DAY_MS
  if (isProxyEmailEnabled && lead.temporaryEmail && nowMs < emailExpiresMs && !hasBizReply) {
    body.temporary_email_address = lead.temporaryEmail
    body.temporary_email_address_expiry = yelpTime(emailExpiresMs)
  }
  if (lead.phoneNumber) {
    // docs/providers/yelp.md §1 Phone: since 2026-04-16 the real number, mirrored in the deprecated field with a far expiry.
    body.phone_number = lead.phoneNumber
    body.temporary_phone_number = lead.phoneNumber
    body.temporary_phone_number_expiry = '2099-12-31T00:00:00+00:00'
  } else if (lead.maskedPhoneNumber && nowMs < lead.createdMs + 30 * DAY_MS) {
    body.temporary_phone_number = lead.maskedPhoneNumber
    body.temporary_phone_number_expiry = yelpTime(lead.createdMs + 30 * DAY_MS)
  }
  body.time_created = yelpTime(lead.createdMs)
  body.last_event_time = yelpTime(lead.events.at(-1)?.timeMs ?? lead.createdMs)
  body.user = { display_name: lead.consumerName }
  body.project = lead.project
  body.link_to_reply_in_yelp = `https://biz.yelp.com/leads_center/${lead.businessId}/leads/${lead.id}`
  return body
}

/**
 * One element of `events` (docs/providers/yelp.md §1). Where attachments sit inside `event_content` is not
 * confirmed (low); the simulator puts them in `event_content.attachments` with an empty `text`,
 * so clients must fall back to `fallback_text` as the doc advises.
 */
export function eventJson(event: StoredEvent): Record<string, unknown> {
  const content: Record<string, unknown> = { text: event.text, fallback_text: event.fallbackText }
  if (event.attachments) content.attachments = event.attachments
  return {
    id: event.id,
    cursor: event.cursor,
    event_type: event.eventType,
    user_type: event.userType,
    user_id: event.userId,
    user_display_name: event.userDisplayName,
    time_created: yelpTime(event.timeMs),
    event_content: content,
  }
}

/** The first event of a lead: Yelp boilerplate plus the survey answers (docs/providers/yelp.md §1 RAQ_SUBMIT). */
export function raqSubmitText(lead: Pick<StoredLead, 'consumerName' | 'project'>, message?: string): string {
  const job = lead.project.job_names.join(', ')
  const lines = [`${lead.consumerName} requested a quote${job ? ` for ${job}` : ''}.`]
  for (const answer of lead.project.survey_answers) {
    lines.push(`${answer.question_text}: ${answer.answer_text.join(', ')}`)
  }
  if (lead.project.additional_info) lines.push(lead.project.additional_info)
  if (message) lines.push(message)
  return lines.join('\n')
}

export function businessName(business: YelpBusiness | undefined, businessId: string): string {
  return business?.name ?? businessId
}
