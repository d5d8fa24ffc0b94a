import type { AutomationStep } from '@common/lead-automation.ts'
import { storedMessagesOf } from '@common/lead-model.ts'
import type { DB } from '../../db/database.ts'
import { overtakenBy } from '../../engine/automation/automation-overtaken.ts'
import type { ChangePort } from '../../engine/changes/change-port.ts'
import { hubReplyJob } from '../../engine/jobs/hub-reply.job.ts'
import { LEAD_AUTOMATION } from '../../engine/jobs/lead-automation.queue.ts'
import type { JobQueue } from '../../engine/queue/job-queue.ts'
import { ConflictError, NotFoundError } from '../../lib/errors.ts'
import { markAiDraftSent } from '../../repositories/ai-drafts.repository.ts'
import {
  AUTOMATION_SOURCE,
  endDraftedStep,
  findAutomationStep,
  listAutomation,
  markDraftedStepDiscarded,
  markDraftedStepSent,
} from '../../repositories/lead-automation.repository.ts'
import { type DraftRow, findDraft, takeDraft } from '../../repositories/lead-drafts.repository.ts'
import { findInboxLead, HUB_PLATFORM, type InboxLeadRow } from '../../repositories/lead-inbox.repository.ts'
import { findLead } from '../../repositories/leads.repository.ts'
import { insertMessageOnce } from '../../repositories/messages.repository.ts'
import type { AuthenticatedSession } from '../auth/auth.service.ts'
import { visibleClientIds } from '../clients/client-scope.ts'

export interface LeadAutomationServiceDeps {
  db: DB
  /** Absent in an app built without the engine: sending a draft then refuses. */
  jobs?: JobQueue
  changes: ChangePort
  clock: () => Date
}

/**
 * A lead's automation as the inbox sees it (docs/spec/product.md §9.2): its history, and the
 * drafts a person sends (through the inbox's reply path) or discards.
 */
export class LeadAutomationService {
  constructor(private readonly deps: LeadAutomationServiceDeps) {}

  async history(session: AuthenticatedSession, leadId: string): Promise<AutomationStep[]> {
    const lead = await this.visibleLead(session, leadId)
    return (await listAutomation(this.deps.db, lead.leadId)).map((row) => ({
      kind: row.kind,
      step: row.step,
      state: row.state,
      ...(row.reason ? { reason: row.reason } : {}),
      ...(row.source ? { source: row.source } : {}),
      dueAt: row.dueAt.toISOString(),
      at: row.at.toISOString(),
    }))
  }

  /**
   * Sends a draft, as written or edited, through the inbox's reply path; the draft leaves the
   * lead. A first reply or follow-up approved this way counts as the automation's step sent now
   * (its follow-ups' clock starts), even when the model wrote it; an AI draft a person asked for
   * is the person's own reply. An AI draft sent is counted, and whether it was edited.
   */
  async send(
    session: AuthenticatedSession,
    leadId: string,
    draftId: string,
    edited: string | undefined,
  ): Promise<{ messageId: number }> {
    const lead = await this.visibleLead(session, leadId)
    const jobs = this.deps.jobs
    if (!jobs) throw new ConflictError('The engine is not running in this process')
    const now = this.deps.clock()
    await this.refuseOvertaken(lead, draftId, now)
    const messageId = await jobs.transaction(this.deps.db, async (tx) => {
      const draft = await takeDraft(tx, lead.leadId, draftId)
      if (!draft) throw new NotFoundError(`Draft ${draftId} of lead ${leadId} not found`)
      const automated = draft.automationId !== null
      const message = await insertMessageOnce(tx, {
        clientId: lead.clientId,
        direction: 'outbound',
        platform: HUB_PLATFORM,
        messageId: null,
        conversationId: lead.conversationId,
        content: edited ?? draft.text,
        status: 'pending',
        externalKey: `draft:${draft.id}`,
        metadata: {
          leadId: lead.leadId,
          sentBy: session.user.username,
          source: automated ? AUTOMATION_SOURCE : 'inbox',
          draftKind: draft.kind,
          edited: isEdited(draft.text, edited),
        },
      })
      if (!message) throw new ConflictError(`Draft ${draftId} was already sent`)
      if (draft.kind === 'ai') await markAiDraftSent(tx, draft.id, isEdited(draft.text, edited), now)
      if (draft.automationId) await markDraftedStepSent(tx, draft.automationId, now, message.id)
      await jobs.enqueue(
        hubReplyJob,
        { clientId: lead.clientId, leadId: lead.leadId, messageRowId: message.id },
        { tx },
      )
      // The next follow-up is planned from this message.
      if (automated)
        await jobs.enqueue(LEAD_AUTOMATION, { clientId: lead.clientId, leadId: lead.leadId }, { tx })
      return message.id
    })
    this.announce(lead)
    return { messageId }
  }

  /**
   * A draft of an automated step (a first reply or follow-up, the model's included: it is the
   * playbook's step, not a person's own words) is not sent once it is overtaken: the lead was
   * converted or closed; a person answered the lead (a reply from the inbox or GHL, on Yelp, or
   * marked replied — at or after the consumer's first message, as the planner counts it); or
   * the consumer wrote after the newest message the draft was written on (its text answers a
   * conversation that moved on). Then the draft leaves `drafts`, its step ends with that reason, and the caller gets a
   * 409 saying why. An AI draft a person asked for is their own reply: never refused here.
   */
  private async refuseOvertaken(lead: InboxLeadRow, draftId: string, now: Date): Promise<void> {
    const { db } = this.deps
    const draft = await findDraft(db, lead.leadId, draftId)
    if (!draft?.automationId) return
    const stored = await findLead(db, lead.clientId, lead.leadId)
    if (!stored) return
    const step = await findAutomationStep(db, draft.automationId)
    // The consumer messages the draft was written on, by Yelp's clock like the events'; a draft
    // older than that record goes by when it was made.
    const consumerAfter = step?.consumerSeenUntil ?? draft.createdAt
    const reason = await overtakenBy(db, stored, storedMessagesOf(stored), consumerAfter)
    if (!reason) return
    await db.transaction(async (tx) => {
      const taken = await takeDraft(tx, lead.leadId, draftId)
      if (taken && step) await endDraftedStep(tx, step, reason, now)
    })
    this.announce(lead)
    throw new ConflictError(overtakenMessage(draft, reason))
  }

  async discard(session: AuthenticatedSession, leadId: string, draftId: string): Promise<void> {
    const lead = await this.visibleLead(session, leadId)
    await this.deps.db.transaction(async (tx) => {
      const draft = await takeDraft(tx, lead.leadId, draftId)
      if (!draft) throw new NotFoundError(`Draft ${draftId} of lead ${leadId} not found`)
      if (draft.automationId) await markDraftedStepDiscarded(tx, draft.automationId, this.deps.clock())
    })
    this.announce(lead)
  }

  private announce(lead: InboxLeadRow): void {
    this.deps.changes.announce({ topic: 'leads', clientId: lead.clientId, leadId: lead.leadId })
    this.deps.changes.announce({ topic: 'messages', clientId: lead.clientId, leadId: lead.leadId })
  }

  private async visibleLead(session: AuthenticatedSession, leadId: string): Promise<InboxLeadRow> {
    const row = await findInboxLead(this.deps.db, await visibleClientIds(this.deps.db, session), leadId)
    if (!row) throw new NotFoundError(`Lead ${leadId} not found`)
    return row
  }
}

function overtakenMessage(draft: DraftRow, reason: string): string {
  const why =
    reason === 'business_replied'
      ? 'someone already replied to this lead'
      : reason === 'consumer_replied'
        ? 'the customer wrote again after it was made'
        : 'the lead is converted or closed'
  return `Draft ${draft.id} can no longer be sent: ${why}. It was removed; write a new reply instead.`
}

/** Sent with a text of its own that differs from the draft's (whitespace at the ends aside). */
function isEdited(draftText: string, edited: string | undefined): boolean {
  return edited !== undefined && edited.trim() !== draftText.trim()
}
