import type { Playbook } from '@common/playbook.ts'
import type { YelpEvent } from '../../integrations/yelp/yelp.schemas.ts'
import { isMessageEvent } from '../../integrations/yelp/yelp-events.ts'
import type { LeadRow } from '../../repositories/leads.repository.ts'
import type { DraftFacts } from './draft-prompt.ts'

/**
 * What the prompt says about a lead, from the lead as stored (engine/lead-sync/lead-mapper.ts):
 * its survey questions and answers, job, availability and postal code (docs/spec/product.md §9.7),
 * and its conversation.
 */
export function draftFacts(
  lead: LeadRow,
  events: YelpEvent[],
  businessName: string,
  playbook: Pick<Playbook, 'profile' | 'allowContactDetails'>,
): DraftFacts {
  const project = (lead.projectData ?? {}) as Record<string, unknown>
  const conversation = events
    // Every event with words (the quote request, texts, attachments' captions), not the phone opt-ins.
    .filter(isMessageEvent)
    .map((event) => ({
      from: event.user_type === 'CONSUMER' ? ('customer' as const) : ('business' as const),
      text: (event.event_content.text ?? event.event_content.fallback_text ?? '').trim(),
      at: Date.parse(event.time_created),
    }))
    .filter((message) => message.text !== '')
    .sort((a, b) => a.at - b.at)
    // The latest messages matter most; a very long thread is cut from its start.
    .slice(-30)
    .map(({ from, text }) => ({ from, text: text.slice(0, 2000) }))
  const status = project.availability_status
  const dates = strings(project.availability_dates)
  const postalCode = project.postal_code ?? (lead.userData as { postal_code?: unknown } | null)?.postal_code
  return {
    businessName,
    profile: playbook.profile,
    allowContactDetails: playbook.allowContactDetails,
    customerName: lead.userDisplayName,
    jobNames: strings(project.job_names),
    availability:
      typeof status === 'string' || dates.length
        ? { ...(typeof status === 'string' ? { status } : {}), dates }
        : null,
    surveyAnswers: surveyOf(project),
    postalCode: typeof postalCode === 'string' && postalCode.trim() ? postalCode.trim() : null,
    additionalInfo: typeof project.additional_info === 'string' ? project.additional_info : null,
    conversation,
  }
}

/**
 * The survey as Yelp sent it (`original_survey_answers`: question text and answers, in Yelp's
 * order), or, for a lead stored without it, the question → answers map (`survey_fields`).
 */
function surveyOf(project: Record<string, unknown>): DraftFacts['surveyAnswers'] {
  const original = Array.isArray(project.original_survey_answers) ? project.original_survey_answers : []
  const fromOriginal = original
    .map((entry) => entry as { question_text?: unknown; answer_text?: unknown })
    .filter((entry) => typeof entry.question_text === 'string' && entry.question_text.trim() !== '')
    .map((entry) => ({
      question: String(entry.question_text),
      answers: typeof entry.answer_text === 'string' ? [entry.answer_text] : strings(entry.answer_text),
    }))
  if (fromOriginal.length) return fromOriginal
  const fields = project.survey_fields
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return []
  return Object.entries(fields).map(([question, answers]) => ({ question, answers: strings(answers) }))
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
}
