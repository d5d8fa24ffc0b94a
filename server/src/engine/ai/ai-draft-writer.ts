import { type LeadMessage, storedMessagesOf } from '@common/lead-model.ts'
import type { Playbook } from '@common/playbook.ts'
import type { DB } from '../../db/database.ts'
import { type AiChatClient, AiModelError } from '../../integrations/ai/ai-chat.client.ts'
import { findClient } from '../../repositories/clients.repository.ts'
import type { LeadRow } from '../../repositories/leads.repository.ts'
import { findPlaybook } from '../../repositories/playbooks.repository.ts'
import { AiBreaker } from './ai-breaker.ts'
import { draftFacts } from './draft-facts.ts'
import { applyDraftRules } from './draft-output-rules.ts'
import { buildDraftPrompt } from './draft-prompt.ts'

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
    /** The automatic first replies' breaker for this model (lead-automation.ts); a person's click is always tried. */
    readonly breaker: AiBreaker = new AiBreaker(),
  ) {}

  async write(
    lead: LeadRow,
    options: { playbook?: Playbook; messages?: LeadMessage[] } = {},
  ): Promise<AiDraftResult> {
    const playbook = options.playbook ?? (await findPlaybook(this.db, lead.clientId))
    const client = await findClient(this.db, lead.clientId)
    const facts = draftFacts(lead, options.messages ?? storedMessagesOf(lead), client?.name ?? '', playbook)
    const prompt = buildDraftPrompt(facts)
    let answer: string
    try {
      answer = (await this.chat.complete(lead.clientId, prompt)).text
    } catch (error) {
      if (error instanceof AiModelError) return { ok: false, code: error.reason, message: error.message }
      throw error
    }
    const checked = applyDraftRules(answer, {
      allowContactDetails: playbook.allowContactDetails,
      confidential: [
        ...prompt.filter((message) => message.role === 'system').map((m) => m.content),
        facts.profile,
      ],
    })
    if (!checked.ok) return { ok: false, code: 'output_refused', message: checked.reason }
    return { ok: true, text: checked.text }
  }
}
