import type { Playbook } from '@common/playbook.ts'
import type { DB } from '../../db/database.ts'
import { type AiChatClient, AiModelError } from '../../integrations/ai/ai-chat.client.ts'
import type { YelpEvent } from '../../integrations/yelp/yelp.schemas.ts'
import { isMessageEvent } from '../../integrations/yelp/yelp-events.ts'
import { findClient } from '../../repositories/clients.repository.ts'
import type { LeadRow } from '../../repositories/leads.repository.ts'
import { findPlaybook } from '../../repositories/playbooks.repository.ts'
import { storedEventsOf } from '../lead-sync/lead-mapper.ts'
import { applyDraftRules } from './draft-output-rules.ts'
import { buildDraftPrompt, type DraftFacts } from './draft-prompt.ts'

/**
 * Why no draft came: the model's own failure (`timeout`, `server_error`, `connection`,
 * `refused`), or `output_refused` when what it wrote broke the output rules beyond repair.
 */
export type AiDraftFailureCode = AiModelError['reason'] | 'output_refused'

export type AiDraftResult =
  | { ok: true; text: string }
  | { ok: false; code: AiDraftFailureCode; message: string }

/**
 * Writes one reply to a lead with the model (docs/spec/product.md §9.6): the prompt from the lead's
 * conversation, job, availability, survey answers and the client's name and profile; the answer
 * held to the output rules. Never throws for the model's failures: the inbox turns them into a
 * 502, the first reply into its template.
 */
export class AiDraftWriter {
  constructor(
    private readonly db: DB,
    private readonly chat: AiChatClient,
  ) {}

  async write(
    lead: LeadRow,
    options: { playbook?: Playbook; events?: YelpEvent[] } = {},
  ): Promise<AiDraftResult> {
    const playbook = options.playbook ?? (await findPlaybook(this.db, lead.clientId))
    const client = await findClient(this.db, lead.clientId)
    const facts = draftFacts(lead, options.events ?? storedEventsOf(lead), client?.name ?? '', playbook)
    let answer: string
    try {
      answer = (await this.chat.complete(lead.clientId, buildDraftPrompt(facts))).text
    } catch (error) {
      if (error instanceof AiModelError) return { ok: false, code: error.reason, message: error.message }
      throw error
    }
    const checked = applyDraftRules(answer, { allowContactDetails: playbook.allowContactDetails })
    if (!checked.ok) return { ok: false, code: 'output_refused', message: checked.reason }
    return { ok: true, text: checked.text }
  }
}

/** What the prompt says about a lead, from its stored Yelp data. */
export function draftFacts(
  lead: LeadRow,
  events: YelpEvent[],
  businessName: string,
  playbook: Pick<Playbook, 'profile' | 'allowContactDetails'>,
): DraftFacts {
  const project = (lead.projectData ?? {}) as {
    job_names?: unknown
    survey_answers?: unknown
    availability?: { status?: unknown; dates?: unknown }
    location?: { postal_code?: unknown }
    additional_info?: unknown
  }
  const strings = (value: unknown): string[] =>
    Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
  const surveyAnswers = (Array.isArray(project.survey_answers) ? project.survey_answers : [])
    .map((entry) => entry as { question_text?: unknown; answer_text?: unknown })
    .filter((entry) => typeof entry.question_text === 'string')
    .map((entry) => ({
      question: String(entry.question_text),
      answers: typeof entry.answer_text === 'string' ? [entry.answer_text] : strings(entry.answer_text),
    }))
  const availability = project.availability
    ? {
        ...(typeof project.availability.status === 'string' ? { status: project.availability.status } : {}),
        dates: strings(project.availability.dates),
      }
    : null
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
  return {
    businessName,
    profile: playbook.profile,
    allowContactDetails: playbook.allowContactDetails,
    customerName: lead.userDisplayName,
    jobNames: strings(project.job_names),
    availability,
    surveyAnswers,
    postalCode: typeof project.location?.postal_code === 'string' ? project.location.postal_code : null,
    additionalInfo: typeof project.additional_info === 'string' ? project.additional_info : null,
    conversation,
  }
}
