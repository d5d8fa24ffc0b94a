import {
  type LeadMessage,
  type LeadSnapshot,
  type MessageAttachment,
  toStoredEvent,
} from '@common/lead-model.ts'
import type { LeadFields, LeadRow } from '../../repositories/leads.repository.ts'
import { leadConversationTimes } from '../lead-figures/lead-waits.ts'
import { leadResponseTimes } from '../lead-figures/response-times.ts'

/**
 * The `leads` row of a lead and its messages, whatever its source, in the shape the API answers
 * (docs/spec/dashboard-spec.md §3.2: `userData`, `projectData`, `events`; docs/decisions/0029).
 * For a Yelp lead it is the row the hub always wrote, each event with its `kind` added.
 */
export function toLeadFields(
  clientId: string,
  source: string,
  lead: LeadSnapshot,
  messages: LeadMessage[],
): LeadFields {
  const { job } = lead
  const surveyFields: Record<string, string[]> = {}
  for (const answer of job.answers) surveyFields[answer.question] = answer.answers
  const lastEventTime = latest([lead.lastActivityAt, messages.at(-1)?.time, lead.createdAt])
  return {
    leadId: lead.id,
    clientId,
    source,
    businessId: lead.businessId,
    conversationId: lead.conversationId,
    userDisplayName: lead.name,
    temporaryEmailAddress: lead.temporaryEmail,
    temporaryEmailExpiry: lead.temporaryEmailExpiresAt ? new Date(lead.temporaryEmailExpiresAt) : null,
    userData: {
      display_name: lead.name,
      email: lead.email,
      temporary_email: lead.temporaryEmail,
      phone: lead.phone,
      postal_code: job.postalCode,
    },
    projectData: {
      additional_info: job.details,
      postal_code: job.postalCode,
      availability_status: job.availability.status,
      availability_dates: job.availability.dates,
      job_names: job.names,
      survey_fields: surveyFields,
      // The survey in the spec's (Yelp's) words: the AI draft's facts read it (engine/ai/draft-facts.ts).
      original_survey_answers: job.answers.map((answer) => ({
        question_text: answer.question,
        answer_text: answer.answers,
      })),
      attachments: job.attachments.map(storedAttachment),
    },
    events: messages.map(toStoredEvent),
    timeCreated: new Date(lead.createdAt),
    lastEventTime: new Date(lastEventTime),
    ...leadResponseTimes(messages),
    ...whoSpokeLast(messages),
  }
}

function whoSpokeLast(messages: LeadMessage[]): Pick<LeadFields, 'lastBusinessMessageAt' | 'waitingSince'> {
  const { lastBusinessMessageAt, waitingSince } = leadConversationTimes(messages)
  return { lastBusinessMessageAt, waitingSince }
}

/**
 * A stored lead with its messages replaced by `messages` (a new message on a lead already read:
 * the lead itself is not read again, only its messages).
 */
export function withMessages(row: LeadRow, messages: LeadMessage[]): LeadFields {
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
  const lastEventTime = latest([row.lastEventTime?.toISOString(), messages.at(-1)?.time])
  return {
    ...fields,
    events: messages.map(toStoredEvent),
    lastEventTime: new Date(lastEventTime),
    // From the messages; a reply recorded earlier from GHL or the inbox stays (upsertLead).
    ...leadResponseTimes(messages),
    ...whoSpokeLast(messages),
  }
}

/** Stored messages followed by the newly read ones; a message read again replaces its copy. */
export function mergeMessagesById(stored: LeadMessage[], fetched: LeadMessage[]): LeadMessage[] {
  const byId = new Map(stored.map((message) => [message.id, message]))
  for (const message of fetched) byId.set(message.id, message)
  return [...byId.values()]
}

/** A job attachment as the spec's `projectData.attachments` keeps it: members the source left out stay out. */
function storedAttachment(attachment: MessageAttachment) {
  return {
    ...(attachment.id !== null ? { id: attachment.id } : {}),
    ...(attachment.url !== null ? { url: attachment.url } : {}),
    ...(attachment.name !== null ? { resource_name: attachment.name } : {}),
    ...(attachment.mimeType !== null ? { mime_type: attachment.mimeType } : {}),
  }
}

function latest(times: Array<string | null | undefined>): string {
  const valid = times.filter((t): t is string => Boolean(t) && !Number.isNaN(Date.parse(t as string)))
  return valid.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a), valid[0] ?? new Date().toISOString())
}
