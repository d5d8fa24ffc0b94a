import { randomUUID } from 'node:crypto'
import { isWithinBusinessHours, nextBusinessMoment } from '@common/business-hours.ts'
import type { AiFallbackReason } from '@common/lead-automation.ts'
import { type FirstReplySource, NO_JOB_TYPE, type Playbook, renderTemplate } from '@common/playbook.ts'
import type { YelpEvent } from '../../integrations/yelp/yelp.schemas.ts'
import { isMessageEvent } from '../../integrations/yelp/yelp-events.ts'
import { recordAiDraft } from '../../repositories/ai-drafts.repository.ts'
import { findClient } from '../../repositories/clients.repository.ts'
import {
  AUTOMATION_SOURCE,
  type AutomationRow,
  cancelScheduledSteps,
  findLastPersonReplyAt,
  insertAutomationStep,
  listAutomation,
  rescheduleStep,
  settleAutomationStep,
} from '../../repositories/lead-automation.repository.ts'
import { deleteAutomationDraftsOfLead, insertDraft } from '../../repositories/lead-drafts.repository.ts'
import { HUB_PLATFORM } from '../../repositories/lead-inbox.repository.ts'
import { findLead, type LeadRow } from '../../repositories/leads.repository.ts'
import { insertMessageOnce } from '../../repositories/messages.repository.ts'
import { findPlaybookForAutomation } from '../../repositories/playbooks.repository.ts'
import { hubReplyJob } from '../jobs/hub-reply.job.ts'
import type { JobDeps } from '../jobs/job-definition.ts'
import type { LeadAutomationJob } from '../jobs/lead-automation.queue.ts'
import { storedEventsOf } from '../lead-sync/lead-mapper.ts'
import { type AutomationAction, type LeadFacts, planAutomation } from './automation-plan.ts'

/** How old the queuing sync's read of the events may be for a run to post on it. */
const JUST_READ_MS = 5_000

export interface AutomationOutcome {
  sent: number
  drafted: number
  planned: number
}

/**
 * One run of a lead's automation (docs/spec/product.md §9.2): decide (automation-plan.ts), then
 * carry out the steps that are due. Before a step is posted the conversation is read again from
 * Yelp, so a business reply or a consumer message that arrived meanwhile cancels it. A step is
 * posted in one transaction with its claim: the step leaves `scheduled`, the message is recorded
 * and its delivery queued, all or nothing; the delivery itself checks Yelp's events before a
 * second attempt, so a crash at any point neither loses the step nor posts it twice.
 */
export class LeadAutomationRunner {
  constructor(
    private readonly deps: JobDeps,
    /** Queues this lead's next run for when its next step is due. */
    private readonly wakeAt: (job: LeadAutomationJob, at: Date) => Promise<void>,
  ) {}

  async run(job: LeadAutomationJob): Promise<AutomationOutcome> {
    const outcome: AutomationOutcome = { sent: 0, drafted: 0, planned: 0 }
    const lead = await findLead(this.deps.db, job.clientId, job.leadId)
    if (!lead) return outcome
    const { playbook, firstReplySince } = await findPlaybookForAutomation(this.deps.db, job.clientId)
    outcome.planned += await this.plan(lead, playbook, firstReplySince, storedEventsOf(lead))
    const due = (await listAutomation(this.deps.db, job.leadId)).filter(
      (row) => row.state === 'scheduled' && row.dueAt.getTime() <= this.now().getTime(),
    )
    if (!due.length) return outcome
    // Right before posting: the conversation as Yelp has it now, not as the last sync stored it,
    // unless the sync that queued this run read it moments ago.
    const fresh = this.justRead(job)
      ? storedEventsOf(lead)
      : await this.deps.providers.yelpLeads.listEvents(job.clientId, job.leadId)
    outcome.planned += await this.plan(lead, playbook, firstReplySince, fresh)
    for (const row of await listAutomation(this.deps.db, job.leadId)) {
      if (row.state !== 'scheduled' || row.dueAt.getTime() > this.now().getTime()) continue
      const done = await this.carryOut(row, lead, playbook, fresh)
      if (done === 'sent') outcome.sent += 1
      if (done === 'drafted') outcome.drafted += 1
    }
    // What was just sent starts the next follow-up's clock.
    if (outcome.sent + outcome.drafted > 0)
      outcome.planned += await this.plan(lead, playbook, firstReplySince, fresh)
    return outcome
  }

  private now(): Date {
    return this.deps.clock()
  }

  /**
   * Whether the lead sync that queued this run read Yelp's events under JUST_READ_MS ago. The
   * lead was read from the database after that sync stored them, so its events are at least
   * that fresh; reading again would spend a second call of Yelp's 5 a second on the same
   * answer, which in a burst of new leads halves how fast first replies go out.
   */
  private justRead(job: LeadAutomationJob): boolean {
    if (!job.eventsReadAt) return false
    const age = this.now().getTime() - Date.parse(job.eventsReadAt)
    return age >= 0 && age < JUST_READ_MS
  }

  /** Applies the planner's decision; answers how many steps it scheduled or recorded. */
  private async plan(
    lead: LeadRow,
    playbook: Playbook,
    firstReplySince: Date | null,
    events: YelpEvent[],
  ): Promise<number> {
    const facts = await this.facts(lead, playbook, firstReplySince, events)
    let applied = 0
    for (const action of planAutomation(facts)) applied += await this.apply(lead, action)
    return applied
  }

  private async facts(
    lead: LeadRow,
    playbook: Playbook,
    firstReplySince: Date | null,
    events: YelpEvent[],
  ): Promise<LeadFacts> {
    const messages = events.filter(isMessageEvent).map((event) => ({
      id: event.id,
      who: event.user_type,
      at: new Date(event.time_created),
    }))
    const consumer = messages.filter((m) => m.who === 'CONSUMER').map((m) => m.at.getTime())
    const business = messages.filter((m) => m.who === 'BIZ')
    const rows = await listAutomation(this.deps.db, lead.leadId)
    return {
      now: this.now(),
      playbook,
      firstReplySince,
      status: lead.status,
      firstConsumerMessageAt: consumer.length ? new Date(Math.min(...consumer)) : null,
      newestConsumerMessageAt: consumer.length ? new Date(Math.max(...consumer)) : null,
      lastPersonReplyAt: await findLastPersonReplyAt(this.deps.db, lead.clientId, lead.leadId, business),
      rows: rows.map((row) => ({ ...row, reason: row.reason ?? null })),
    }
  }

  private async apply(lead: LeadRow, action: AutomationAction): Promise<number> {
    const { db } = this.deps
    const base = { clientId: lead.clientId, leadId: lead.leadId, at: this.now() }
    if (action.type === 'cancel_scheduled') {
      const ended = await cancelScheduledSteps(db, lead.leadId, action.reason, this.now())
      // Drafts of automated steps are moot once the sequence ended; AI drafts a person asked for stay.
      await deleteAutomationDraftsOfLead(db, lead.leadId)
      return ended
    }
    if (action.type === 'record') {
      const row = await insertAutomationStep(db, { ...base, ...action, dueAt: this.now() })
      return row ? 1 : 0
    }
    const row = await insertAutomationStep(db, {
      ...base,
      kind: action.kind,
      step: action.step,
      state: 'scheduled',
      dueAt: action.dueAt,
    })
    if (row && action.dueAt.getTime() > this.now().getTime()) await this.wakeAt(lead, action.dueAt)
    return row ? 1 : 0
  }

  /** Posts (auto) or drafts (suggest) one due step; null when it did neither. */
  private async carryOut(
    row: AutomationRow,
    lead: LeadRow,
    playbook: Playbook,
    events: YelpEvent[],
  ): Promise<'sent' | 'drafted' | null> {
    const { db } = this.deps
    const now = this.now()
    const template = await this.textOf(row, lead, playbook, events)
    if (template === null) {
      await settleAutomationStep(db, row.id, { state: 'skipped', reason: 'disabled', at: now })
      return null
    }
    if (row.kind === 'follow_up' && !isWithinBusinessHours(now, playbook)) {
      // Due outside the hours (they changed since it was planned): it waits for the next opening.
      const opening = nextBusinessMoment(now, playbook)
      if (!opening) {
        await settleAutomationStep(db, row.id, { state: 'skipped', reason: 'no_business_hours', at: now })
        return null
      }
      await rescheduleStep(db, row.id, opening)
      await this.wakeAt(lead, opening)
      return null
    }
    const written = await this.writtenBy(row, lead, playbook, events, template)
    const mode = row.kind === 'first_reply' ? playbook.firstReply.mode : playbook.followUpMode
    const outcome = { at: now, ...written.history }
    return this.deps.jobs
      .transaction(db, async (tx) => {
        if (mode === 'suggest') {
          if (!(await settleAutomationStep(tx, row.id, { state: 'drafted', ...outcome }))) return null
          const draftId = randomUUID()
          await insertDraft(tx, {
            id: draftId,
            clientId: lead.clientId,
            leadId: lead.leadId,
            kind: written.isAi ? 'ai' : row.kind,
            text: written.text,
            automationId: row.id,
          })
          if (written.isAi)
            await recordAiDraft(tx, {
              id: draftId,
              clientId: lead.clientId,
              leadId: lead.leadId,
              origin: 'first_reply',
            })
          return 'drafted'
        }
        const message = await insertMessageOnce(tx, {
          clientId: lead.clientId,
          direction: 'outbound',
          platform: HUB_PLATFORM,
          messageId: null,
          conversationId: lead.conversationId,
          content: written.text,
          status: 'pending',
          // One message per step, whatever the retries: the step's own key.
          externalKey: `automation:${lead.leadId}:${row.kind}:${row.step}`,
          metadata: {
            leadId: lead.leadId,
            source: AUTOMATION_SOURCE,
            automation: row.kind,
            step: row.step,
            ...(written.history.source ? { writtenBy: written.history.source } : {}),
          },
        })
        if (!message) return null
        if (
          !(await settleAutomationStep(tx, row.id, { state: 'sent', messageRowId: message.id, ...outcome }))
        ) {
          throw new StepTakenError()
        }
        if (written.isAi)
          await recordAiDraft(tx, {
            id: `automation:${row.id}`,
            clientId: lead.clientId,
            leadId: lead.leadId,
            origin: 'first_reply',
            sentAt: now,
          })
        await this.deps.jobs.enqueue(
          hubReplyJob,
          { clientId: lead.clientId, leadId: lead.leadId, messageRowId: message.id },
          { tx },
        )
        return 'sent'
      })
      .catch((error: unknown) => {
        if (error instanceof StepTakenError) return null
        throw error
      })
  }

  /**
   * Who writes the step: the template, or for a first reply with `source: "ai"` the model, falling
   * back to the template (and saying why in the history) when the model fails, times out, breaks
   * the output rules or is not configured (docs/spec/product.md §9.6).
   */
  private async writtenBy(
    row: AutomationRow,
    lead: LeadRow,
    playbook: Playbook,
    events: YelpEvent[],
    template: string,
  ): Promise<WrittenStep> {
    if (row.kind !== 'first_reply') return { text: template, isAi: false, history: {} }
    if (playbook.firstReply.source !== 'ai')
      return { text: template, isAi: false, history: { source: 'template' } }
    const writer = this.deps.aiDrafts
    const result = writer
      ? await writer.write(lead, { playbook, events })
      : ({ ok: false, code: 'not_configured', message: 'AI_BASE_URL is not set' } as const)
    if (result.ok) return { text: result.text, isAi: true, history: { source: 'ai' } }
    this.deps.log.warn(
      { clientId: lead.clientId, leadId: lead.leadId, cause: result.code },
      `AI first reply for lead ${lead.leadId} fell back to the template: ${result.message}`,
    )
    return {
      text: template,
      isAi: false,
      history: { source: 'template', reason: `ai_fallback:${result.code}` },
    }
  }

  /** The step's text for this lead, or null when the playbook no longer has the step. */
  private async textOf(
    row: AutomationRow,
    lead: LeadRow,
    playbook: Playbook,
    events: YelpEvent[],
  ): Promise<string | null> {
    const client = await findClient(this.deps.db, lead.clientId)
    const jobNames = (lead.projectData as { job_names?: unknown } | null)?.job_names
    const values = {
      name: lead.userDisplayName,
      jobType: Array.isArray(jobNames) && typeof jobNames[0] === 'string' ? jobNames[0] : NO_JOB_TYPE,
      businessName: client?.name ?? '',
    }
    if (row.kind === 'first_reply') {
      if (!playbook.firstReply.enabled) return null
      return renderTemplate(
        firstReplyTemplate(playbook, firstConsumerTime(events) ?? lead.timeCreated),
        values,
      )
    }
    const step = playbook.followUps[row.step - 1]
    return step ? renderTemplate(step.text, values) : null
  }
}

/** A step's text and what its history row says about who wrote it. */
interface WrittenStep {
  text: string
  isAi: boolean
  history: { source?: FirstReplySource; reason?: AiFallbackReason }
}

/** Another run settled the step between our read and our claim: this transaction rolls back. */
class StepTakenError extends Error {}

/**
 * The in-hours text, or the after-hours one (the in-hours text when empty), by the consumer's
 * message time in the client's timezone (docs/spec/product.md §9.2).
 */
export function firstReplyTemplate(playbook: Playbook, consumerMessageAt: Date): string {
  const { inHours, afterHours } = playbook.firstReply
  return isWithinBusinessHours(consumerMessageAt, playbook) || !afterHours.trim() ? inHours : afterHours
}

function firstConsumerTime(events: YelpEvent[]): Date | null {
  const times = events
    .filter((event) => isMessageEvent(event) && event.user_type === 'CONSUMER')
    .map((event) => Date.parse(event.time_created))
    .filter((time) => !Number.isNaN(time))
  return times.length ? new Date(Math.min(...times)) : null
}
