import { isConversationMessage, type LeadMessage } from '@common/lead-model.ts'
import { leadProjectDataSchema, leadUserDataSchema } from '@common/leads.ts'
import type { Playbook } from '@common/playbook.ts'
import { z } from 'zod'
import type { LeadRow } from '../../repositories/leads.repository.ts'
import type { DraftFacts } from './draft-prompt.ts'

/**
 * What the prompt says about a lead, from the lead as stored (engine/lead-sync/lead-mapper.ts):
 * its survey questions and answers, job, availability and postal code (docs/spec/product.md §9.7),
 * and its conversation.
 */
export function draftFacts(
  lead: LeadRow,
  messages: LeadMessage[],
  businessName: string,
  playbook: Pick<Playbook, 'profile' | 'allowContactDetails'>,
): DraftFacts {
  const project = leadProjectDataSchema.safeParse(lead.projectData ?? {}).data ?? {}
  const conversation = messages
    // Every message with words (the quote request, texts, attachments' captions), not the phone opt-ins.
    .filter(isConversationMessage)
    .map((message) => ({
      from: message.author === 'consumer' ? ('customer' as const) : ('business' as const),
      text: message.text,
      at: Date.parse(message.time),
    }))
    .filter((message) => message.text !== '')
    .sort((a, b) => a.at - b.at)
    // The latest messages matter most; a very long thread is cut from its start.
    .slice(-30)
    .map(({ from, text }) => ({ from, text: text.slice(0, 2000) }))
  const status = project.availability_status
  const dates = project.availability_dates ?? []
  const postalCode =
    project.postal_code ?? leadUserDataSchema.safeParse(lead.userData ?? {}).data?.postal_code
  return {
    businessName,
    profile: playbook.profile,
    allowContactDetails: playbook.allowContactDetails,
    customerName: lead.userDisplayName,
    jobNames: project.job_names ?? [],
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

/** One entry of the stored `original_survey_answers`: the source's question text and answers. */
const originalAnswerSchema = z.looseObject({ question_text: z.unknown(), answer_text: z.unknown() })

/**
 * The survey as the source sent it (`original_survey_answers`: question text and answers, in its
 * order), or, for a lead stored without it, the question → answers map (`survey_fields`).
 */
function surveyOf(project: z.output<typeof leadProjectDataSchema>): DraftFacts['surveyAnswers'] {
  const fromOriginal = (project.original_survey_answers ?? [])
    .flatMap((entry) => {
      const parsed = originalAnswerSchema.safeParse(entry)
      return parsed.success ? [parsed.data] : []
    })
    .flatMap(({ question_text: question, answer_text: answers }) =>
      typeof question === 'string' && question.trim() !== ''
        ? [{ question, answers: typeof answers === 'string' ? [answers] : strings(answers) }]
        : [],
    )
  if (fromOriginal.length) return fromOriginal
  return Object.entries(project.survey_fields ?? {}).map(([question, answers]) => ({ question, answers }))
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
}
