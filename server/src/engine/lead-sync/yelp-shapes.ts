// The parts of Yelp's lead and event objects the engine reads (yelp.md §1). Structural, so the
// integration client's zod-parsed types satisfy them without the engine importing vendor code.

export interface YelpAttachmentLike {
  id?: string
  url?: string
  resource_name?: string
  mime_type?: string
}

export interface YelpLeadLike {
  id: string
  business_id?: string
  conversation_id?: string
  temporary_email_address?: string | null
  temporary_email_address_expiry?: string | null
  phone_number?: string | null
  temporary_phone_number?: string | null
  time_created: string
  last_event_time?: string | null
  user?: { display_name?: string | null } | null
  project?: {
    job_names?: string[] | null
    survey_answers?: Array<{ question_text?: string; answer_text?: string[] | string | null }> | null
    location?: { postal_code?: string | null } | null
    additional_info?: string | null
    availability?: { status?: string | null; dates?: string[] | null } | null
    attachments?: YelpAttachmentLike[] | null
  } | null
}

export interface YelpEventLike {
  id: string
  event_type: string
  user_type: string
  user_display_name?: string | null
  time_created: string
  event_content?: {
    text?: string | null
    fallback_text?: string | null
    attachments?: YelpAttachmentLike[] | null
  } | null
}

/** The words of an event: `text`, else `fallback_text` (yelp.md §1: always fall back). */
export function eventText(event: YelpEventLike): string {
  return (event.event_content?.text || event.event_content?.fallback_text || '').trim()
}

/** Events that are conversation messages; opt-in/out and other system events are not. */
export function isMessageEvent(event: YelpEventLike): boolean {
  return !event.event_type.includes('PHONE_NUMBER_OPT')
}
