import { randomUUID } from 'node:crypto'
import type { Draft } from '@common/lead-automation.ts'
import type { DB } from '../../db/database.ts'
import type { AiDraftWriter } from '../../engine/ai/ai-draft-writer.ts'
import type { ChangePort } from '../../engine/changes/change-port.ts'
import { ConflictError, ExternalServiceError, NotFoundError } from '../../lib/errors.ts'
import { recordAiDraft } from '../../repositories/ai-drafts.repository.ts'
import { insertDraft } from '../../repositories/lead-drafts.repository.ts'
import { findInboxLead } from '../../repositories/lead-inbox.repository.ts'
import { findLead } from '../../repositories/leads.repository.ts'
import type { AuthenticatedSession } from '../auth/auth.service.ts'
import { visibleClientIds } from '../clients/client-scope.ts'

/** What a caller is told when no model server is configured (docs/spec/product.md §9.6). */
export const AI_NOT_CONFIGURED =
  'AI drafts are not configured: set AI_BASE_URL (an OpenAI-compatible server, /v1 included) and AI_MODEL, and AI_API_KEY if the server needs one'

export interface AiDraftsServiceDeps {
  db: DB
  /** Absent when AI_BASE_URL is unset. */
  writer: AiDraftWriter | undefined
  changes: ChangePort
}

/**
 * A draft written by the model for a person to read, edit and send (docs/spec/product.md §9.6).
 * It is stored like the playbook's drafts, so it appears in the lead's `drafts` and is sent or
 * discarded the same way; nothing reaches Yelp until a person sends it. A new one takes the place
 * of the lead's AI draft still waiting (one draft per kind).
 */
export class AiDraftsService {
  constructor(private readonly deps: AiDraftsServiceDeps) {}

  get isEnabled(): boolean {
    return this.deps.writer !== undefined
  }

  async create(session: AuthenticatedSession, leadId: string): Promise<Draft> {
    const { db, writer } = this.deps
    if (!writer) throw new ConflictError(AI_NOT_CONFIGURED)
    const visible = await findInboxLead(db, await visibleClientIds(db, session), leadId)
    const lead = visible && (await findLead(db, visible.clientId, visible.leadId))
    if (!lead) throw new NotFoundError(`Lead ${leadId} not found`)
    const result = await writer.write(lead)
    if (!result.ok) throw new ExternalServiceError(`AI draft for lead ${leadId} failed: ${result.message}`)
    // Replaces the lead's AI draft waiting, if any: one draft per kind (issue 35).
    const draft = await db.transaction(async (tx) => {
      const { row } = await insertDraft(tx, {
        id: randomUUID(),
        clientId: lead.clientId,
        leadId: lead.leadId,
        kind: 'ai',
        text: result.text,
      })
      await recordAiDraft(tx, { id: row.id, clientId: lead.clientId, leadId: lead.leadId, origin: 'inbox' })
      return row
    })
    this.deps.changes.announce({ topic: 'leads', clientId: lead.clientId, leadId: lead.leadId })
    return { id: draft.id, kind: 'ai', text: draft.text, createdAt: draft.createdAt.toISOString() }
  }
}
