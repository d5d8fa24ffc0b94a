import type { YelpEvent, YelpLead } from '../../integrations/yelp/yelp.schemas.ts'
import { eventText } from '../../integrations/yelp/yelp-events.ts'
import type { LeadFields, LeadRow } from '../../repositories/leads.repository.ts'
import { leadConversationTimes } from '../lead-figures/lead-waits.ts'
import { leadResponseTimes } from '../lead-figures/response-times.ts'

/** The `leads` row of a Yelp lead and its events, in the inbox shape of docs/spec/dashboard-spec.md §3.2. */
export function toLeadFields(clientId: string, lead: YelpLead, events: YelpEvent[]): LeadFields {
  const project = lead.project ?? {}
  const surveyFields: Record<string, string[]> = {}
  for (const answer of project.survey_answers ?? []) {
    if (!answer.question_text) continue
    const values = Array.isArray(answer.answer_text)
      ? answer.answer_text
      : answer.answer_text
        ? [answer.answer_text]
        : []
    surveyFields[answer.question_text] = values.map(String)
  }
  const lastEvent = events.at(-1)?.time_created
  const lastEventTime = latest([lead.last_event_time, lastEvent, lead.time_created])
  return {
    leadId: lead.id,
    clientId,
    businessId: lead.business_id ?? null,
    conversationId: lead.conversation_id ?? null,
    userDisplayName: lead.user?.display_name ?? null,
    temporaryEmailAddress: lead.temporary_email_address ?? null,
    temporaryEmailExpiry: lead.temporary_email_address_expiry
      ? new Date(lead.temporary_email_address_expiry)
      : null,
    userData: {
      display_name: lead.user?.display_name ?? null,
      email: null,
      temporary_email: lead.temporary_email_address ?? null,
      phone: lead.phone_number ?? lead.temporary_phone_number ?? null,
      postal_code: project.location?.postal_code ?? null,
    },
    projectData: {
      additional_info: project.additional_info ?? null,
      postal_code: project.location?.postal_code ?? null,
      availability_status: project.availability?.status ?? null,
      availability_dates: project.availability?.dates ?? [],
      job_names: project.job_names ?? [],
      survey_fields: surveyFields,
      original_survey_answers: project.survey_answers ?? [],
      attachments: project.attachments ?? [],
    },
    events: events.map(toStoredEvent),
    timeCreated: new Date(lead.time_created),
    lastEventTime: new Date(lastEventTime),
    ...leadResponseTimes(events),
    ...whoSpokeLast(events),
  }
}

function whoSpokeLast(events: YelpEvent[]): Pick<LeadFields, 'lastBusinessMessageAt' | 'waitingSince'> {
  const { lastBusinessMessageAt, waitingSince } = leadConversationTimes(events)
  return { lastBusinessMessageAt, waitingSince }
}

/**
 * A stored lead with its events replaced by `events` (a new message on a lead already read: its
 * lead object is not fetched again, only its events).
 */
export function withEvents(row: LeadRow, events: YelpEvent[]): LeadFields {
  const {
    id: _id,
    status: _status,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    // Derived by the database (schema.ts): written, they would fail the upsert.
    searchText: _searchText,
    availability: _availability,
    hasPhone: _hasPhone,
    hasEmail: _hasEmail,
    lastMessage: _lastMessage,
    jobNames: _jobNames,
    // The metrics job's own columns (leads.repository.ts LeadFields).
    costPerLeadCents: _cost,
    costCurrency: _currency,
    metricsFetchedAt: _fetchedAt,
    ...fields
  } = row
  const lastEventTime = latest([row.lastEventTime?.toISOString(), events.at(-1)?.time_created])
  return {
    ...fields,
    events: events.map(toStoredEvent),
    lastEventTime: new Date(lastEventTime),
    // From the events; a reply recorded earlier from GHL or the inbox stays (upsertLead).
    ...leadResponseTimes(events),
    ...whoSpokeLast(events),
  }
}

/** The events kept on a lead row, in the shape Yelp sends them. */
export function storedEventsOf(row: Pick<LeadRow, 'events'>): YelpEvent[] {
  return ((row.events ?? []) as YelpEvent[]).filter((event) => typeof event?.id === 'string')
}

/** Stored events followed by the newly fetched ones; an event fetched again replaces its copy. */
export function mergeEventsById(stored: YelpEvent[], fetched: YelpEvent[]): YelpEvent[] {
  const byId = new Map(stored.map((event) => [event.id, event]))
  for (const event of fetched) byId.set(event.id, event)
  return [...byId.values()]
}

function toStoredEvent(event: YelpEvent) {
  return {
    id: event.id,
    event_type: event.event_type,
    user_type: event.user_type,
    user_display_name: event.user_display_name ?? null,
    timestamp: event.time_created,
    time_created: event.time_created,
    description: eventText(event),
    event_content: event.event_content ?? {},
  }
}

function latest(times: Array<string | null | undefined>): string {
  const valid = times.filter((t): t is string => Boolean(t) && !Number.isNaN(Date.parse(t as string)))
  return valid.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a), valid[0] ?? new Date().toISOString())
}
