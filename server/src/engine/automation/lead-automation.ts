import { randomUUID } from 'node:crypto'
import { isWithinBusinessHours, nextBusinessMoment } from '@common/business-hours.ts'
import type { AiFallbackCause, AiFallbackReason } from '@common/lead-automation.ts'
import { isConversationMessage, type LeadMessage, storedMessagesOf } from '@common/lead-model.ts'
import { leadProjectDataSchema } from '@common/leads.ts'
import { type FirstReplySource, NO_JOB_TYPE, type Playbook, renderTemplate } from '@common/playbook.ts'
import { recordAiDraft } from '../../repositories/ai-drafts.repository.ts'
import { findClient } from '../../repositories/clients.repository.ts'
import {
  AUTOMATION_SOURCE,
  type AutomationRow,
  cancelScheduledSteps,
  claimStepForWriting,
  findAutomationStep,
  findLastPersonReplyAt,
  insertAutomationStep,
  listAutomation,
  rescheduleStep,
  settleAutomationStep,
} from '../../repositories/lead-automation.repository.ts'
import { deleteAutomationDraftsOfLead, insertDraft } from '../../repositories/lead-drafts.repository.ts'
import { findLeadImport } from '../../repositories/lead-imports.repository.ts'
import { HUB_PLATFORM } from '../../repositories/lead-inbox.repository.ts'
import { findLead, type LeadRow } from '../../repositories/leads.repository.ts'
import { insertMessageOnce } from '../../repositories/messages.repository.ts'
import { findPlaybookForAutomation } from '../../repositories/playbooks.repository.ts'
import type { AiBreaker } from '../ai/ai-breaker.ts'
import type { AiDraftResult } from '../ai/ai-draft-writer.ts'
import { hubReplyJob } from '../jobs/hub-reply.job.ts'
import type { JobDeps } from '../jobs/job-definition.ts'
import type { LeadAutomationAiJob, LeadAutomationJob } from '../jobs/lead-automation.queue.ts'
import { conversationTimes, newestConsumerMessageAt } from './automation-overtaken.ts'
import { type AutomationAction, type LeadFacts, planAutomation } from './automation-plan.ts'

/** How old the queuing sync's read of the events may be for a run to post on it. */
const JUST_READ_MS = 5_000

/**
 * How long a run that asks the model holds its step: past the model's 20 s timeout
 * (ai-chat.client.ts) with room for the rest of the run. A run that died lets it lapse.
 */
const MODEL_CLAIM_MS = 60_000

/** The playbook and the client's gates the planner reads (automation-plan.ts). */
interface Gates {
  playbook: Playbook
  firstReplySince: Date | null
  followUpsSince: Date | null
  imported: boolean
}

/** Who writes a due step's text: the template, or the model (`firstReply.source: "ai"`). */
type Writer = { by: 'template'; fallback?: AiFallbackCause } | { by: 'model' }

export interface AutomationOutcome {
  sent: number
  drafted: number
  planned: number
}

/**
 * One run of a lead's automation (docs/spec/product.md §9.2): decide (automation-plan.ts), then
 * carry out the steps that are due. Before a step is posted the conversation is read again from
 * the lead's source, so a business reply or a consumer message that arrived meanwhile cancels it. A step is
 * posted in one transaction with its claim: the step leaves `scheduled`, the message is recorded
 * and its delivery queued, all or nothing; the delivery itself checks the source's messages before a
 * second attempt, so a crash at any point neither loses the step nor posts it twice.
 */
export class LeadAutomationRunner {
  constructor(
    private readonly deps: JobDeps,
    /** Queues this lead's next run for when its next step is due. */
    private readonly wakeAt: (job: LeadAutomationJob, at: Date) => Promise<void>,
    /**
     * Hands a due first reply the model writes to the AI queue (lead-automation-ai.job.ts): a
     * slow or hanging model holds that queue's workers, never this run's template steps.
     */
    private readonly toModel: (job: LeadAutomationAiJob) => Promise<void> = async () => {},
  ) {}

  async run(job: LeadAutomationJob): Promise<AutomationOutcome> {
    const outcome: AutomationOutcome = { sent: 0, drafted: 0, planned: 0 }
    const lead = await findLead(this.deps.db, job.clientId, job.leadId)
    if (!lead) return outcome
    const gates = await this.gates(lead)
    outcome.planned += await this.plan(lead, gates, storedMessagesOf(lead))
    const due = (await listAutomation(this.deps.db, job.leadId)).filter((row) => this.isDue(row))
    if (!due.length) return outcome
    // Right before posting: the conversation as the lead's source has it now, not as the last
    // sync stored it, unless the sync that queued this run read it moments ago.
    const fresh = this.justRead(job)
      ? storedMessagesOf(lead)
      : await this.deps.sources.get(lead.source).readMessages(job.clientId, job.leadId)
    outcome.planned += await this.plan(lead, gates, fresh)
    for (const row of await listAutomation(this.deps.db, job.leadId)) {
      if (!this.isDue(row)) continue
      const writer = this.writerOf(row, gates.playbook)
      if (writer.by === 'model') {
        await this.toModel({ clientId: lead.clientId, leadId: lead.leadId, stepId: row.id })
        continue
      }
      const done = await this.carryOut(row, lead, gates.playbook, fresh, writer)
      if (done === 'sent') outcome.sent += 1
      if (done === 'drafted') outcome.drafted += 1
    }
    // What was just sent starts the next follow-up's clock.
    if (outcome.sent + outcome.drafted > 0) outcome.planned += await this.plan(lead, gates, fresh)
    return outcome
  }

  /**
   * The AI queue's run of one due first reply (docs/spec/product.md §9.6): the step is claimed
   * before the model is asked, so of two runs for it (a redelivery, a sweep, two processes) one
   * asks; the other finds it taken and leaves. The claim is not the post: the step still settles
   * in the transaction that records its message, and is looked at again before it leaves for
   * the source (automated-post-gate.ts).
   */
  async writeWithModel(job: LeadAutomationAiJob): Promise<{ outcome: string }> {
    const { db } = this.deps
    const row = await findAutomationStep(db, job.stepId)
    if (row?.state !== 'scheduled' || row.leadId !== job.leadId) return { outcome: 'not due' }
    const now = this.now()
    if (!(await claimStepForWriting(db, row.id, now, new Date(now.getTime() + MODEL_CLAIM_MS))))
      return { outcome: 'another run is writing it' }
    const lead = await findLead(db, job.clientId, job.leadId)
    if (!lead) return { outcome: 'lead gone' }
    const gates = await this.gates(lead)
    const messages = storedMessagesOf(lead)
    const writer = this.writerOf(row, gates.playbook)
    const done = await this.carryOut(row, lead, gates.playbook, messages, writer)
    if (done) await this.plan(lead, gates, messages)
    return { outcome: done ?? 'nothing' }
  }

  private now(): Date {
    return this.deps.clock()
  }

  /** Scheduled, due on the hub's clock, and not being written by the model right now. */
  private isDue(row: AutomationRow): boolean {
    const now = this.now().getTime()
    if (row.state !== 'scheduled' || row.dueAt.getTime() > now) return false
    return !row.claimedUntil || row.claimedUntil.getTime() < now
  }

  /**
   * The template, or for a first reply with `source: "ai"` the model — unless no model is set,
   * or it kept failing lately (ai-breaker.ts): then the template at once, saying why.
   */
  private writerOf(row: AutomationRow, playbook: Playbook): Writer {
    if (row.kind !== 'first_reply' || playbook.firstReply.source !== 'ai') return { by: 'template' }
    const writer = this.deps.aiDrafts
    if (!writer) return { by: 'template', fallback: 'not_configured' }
    if (writer.breaker.isOpen()) return { by: 'template', fallback: 'breaker_open' }
    return { by: 'model' }
  }

  private async gates(lead: LeadRow): Promise<Gates> {
    const found = await findPlaybookForAutomation(this.deps.db, lead.clientId)
    return { ...found, imported: await this.cameByImport(lead) }
  }

  /**
   * Whether the lead was stored by the client's historical import: stored after that import
   * began, its conversation began before it (a lead the webhooks brought is stored when its
   * first message comes). Only the latest import is known, which is the one that matters: an
   * older one's leads began long before the follow-ups they could be mistaken for.
   */
  private async cameByImport(lead: LeadRow): Promise<boolean> {
    const started = (await findLeadImport(this.deps.db, lead.clientId))?.startedAt
    if (!started) return false
    const began = lead.firstConsumerMessageAt ?? lead.timeCreated
    return lead.createdAt.getTime() >= started.getTime() && began.getTime() < started.getTime()
  }

  /**
   * Whether the lead sync that queued this run read the lead's messages under JUST_READ_MS ago. The
   * lead was read from the database after that sync stored them, so its events are at least
   * that fresh; reading again would spend a second call of the source's budget (Yelp's 5 a second) on the same
   * answer, which in a burst of new leads halves how fast first replies go out.
   */
  private justRead(job: LeadAutomationJob): boolean {
    if (!job.eventsReadAt) return false
    const age = this.now().getTime() - Date.parse(job.eventsReadAt)
    return age >= 0 && age < JUST_READ_MS
  }

  /** Applies the planner's decision; answers how many steps it scheduled or recorded. */
  private async plan(lead: LeadRow, gates: Gates, messages: LeadMessage[]): Promise<number> {
    const facts = await this.facts(lead, gates, messages)
    let applied = 0
    for (const action of planAutomation(facts)) applied += await this.apply(lead, action)
    return applied
  }

  private async facts(lead: LeadRow, gates: Gates, messages: LeadMessage[]): Promise<LeadFacts> {
    const { consumer, business } = conversationTimes(messages)
    const rows = await listAutomation(this.deps.db, lead.leadId)
    return {
      now: this.now(),
      ...gates,
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
    messages: LeadMessage[],
    writer: Writer,
  ): Promise<'sent' | 'drafted' | null> {
    const { db } = this.deps
    const now = this.now()
    const template = await this.textOf(row, lead, playbook, messages)
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
    const written = await this.writtenBy(row, lead, playbook, messages, template, writer)
    const mode = row.kind === 'first_reply' ? playbook.firstReply.mode : playbook.followUpMode
    // With the newest consumer message the step was decided on: one newer by the time the
    // message is posted, or its draft sent, withdraws it (automated-post-gate.ts).
    const outcome = { at: now, ...written.history, consumerSeenUntil: newestConsumerMessageAt(messages) }
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
   * the output rules, is not configured or kept failing lately (docs/spec/product.md §9.6).
   */
  private async writtenBy(
    row: AutomationRow,
    lead: LeadRow,
    playbook: Playbook,
    messages: LeadMessage[],
    template: string,
    writer: Writer,
  ): Promise<WrittenStep> {
    if (row.kind !== 'first_reply') return { text: template, isAi: false, history: {} }
    if (writer.by === 'template') {
      return {
        text: template,
        isAi: false,
        history: {
          source: 'template',
          ...(writer.fallback ? { reason: `ai_fallback:${writer.fallback}` } : {}),
        },
      }
    }
    const model = this.deps.aiDrafts
    const result = !model
      ? ({ ok: false, code: 'not_configured', message: 'AI_BASE_URL is not set' } as const)
      : !model.breaker.tryAcquire()
        ? ({ ok: false, code: 'breaker_open', message: 'the model kept failing lately: not asked' } as const)
        : recordOutcome(
            model.breaker,
            await model.write(lead, { playbook, messages }).catch(failed(model.breaker)),
          )
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
    messages: LeadMessage[],
  ): Promise<string | null> {
    const client = await findClient(this.deps.db, lead.clientId)
    const jobNames = leadProjectDataSchema.safeParse(lead.projectData ?? {}).data?.job_names
    const values = {
      name: lead.userDisplayName,
      jobType: jobNames?.[0] ?? NO_JOB_TYPE,
      businessName: client?.name ?? '',
    }
    if (row.kind === 'first_reply') {
      if (!playbook.firstReply.enabled) return null
      return renderTemplate(
        firstReplyTemplate(playbook, firstConsumerTime(messages) ?? lead.timeCreated),
        values,
      )
    }
    const step = playbook.followUps[row.step - 1]
    return step ? renderTemplate(step.text, values) : null
  }
}

/** Timeouts and failures of the model count against its breaker; any answer closes it. */
function recordOutcome(breaker: AiBreaker, result: AiDraftResult): AiDraftResult {
  if (!result.ok && MODEL_DOWN.has(result.code)) breaker.failed()
  else breaker.succeeded()
  return result
}

const MODEL_DOWN: ReadonlySet<string> = new Set(['timeout', 'server_error', 'connection'])

/** An unexpected error still counts as a failure before it goes on. */
const failed = (breaker: AiBreaker) => (error: unknown) => {
  breaker.failed()
  throw error
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

function firstConsumerTime(messages: LeadMessage[]): Date | null {
  const times = messages
    .filter((message) => isConversationMessage(message) && message.author === 'consumer')
    .map((message) => Date.parse(message.time))
    .filter((time) => !Number.isNaN(time))
  return times.length ? new Date(Math.min(...times)) : null
}
