import type { AutomationReason } from '@common/lead-automation.ts'
import { type LeadMessage, storedMessagesOf } from '@common/lead-model.ts'
import type { FastifyBaseLogger } from 'fastify'
import type { DB } from '../../db/database.ts'
import {
  AUTOMATION_SOURCE,
  cancelScheduledSteps,
  findStepOfMessage,
  withdrawClaimedStep,
} from '../../repositories/lead-automation.repository.ts'
import { deleteAutomationDraftsOfLead } from '../../repositories/lead-drafts.repository.ts'
import { findLead } from '../../repositories/leads.repository.ts'
import type { MessageRow } from '../../repositories/messages.repository.ts'
import type { LeadSources } from '../sources/sources.ts'
import { overtakenBy } from './automation-overtaken.ts'

/**
 * How old a claim may be for its post to trust the messages the claiming run read: younger, that
 * run read the source moments ago; older (a burst, an outage, a re-auth held the post), the
 * lead's source is asked.
 */
const FRESH_CLAIM_MS = 5_000

interface AutomatedMeta {
  source?: string
  automation?: string
  draftKind?: string
  yelpAttemptedAt?: string
}

export interface AutomatedPostGateDeps {
  db: DB
  sources: LeadSources
  clock: () => Date
  log: FastifyBaseLogger
}

/**
 * Right before a first reply or follow-up is posted to the lead's source — which may be hours after the run
 * that claimed it (docs/spec/product.md §9.2) — looks again: the lead's status as stored now, the
 * replies of people, and consumer messages newer than the step was decided on. When one of them
 * means the message must not go, the step ends with that reason (history) and its message is
 * withdrawn, in one transaction; answers the reason, or null to post. A draft a person approved
 * is not checked here (its send was). A retry after an attempt that may have reached the source
 * posts as before when the source shows the text: it went out. (`yelpAttemptedAt` is the stored
 * name of that attempt's time, kept for the messages already recorded.)
 */
export async function withdrawIfOvertaken(
  deps: AutomatedPostGateDeps,
  row: MessageRow,
): Promise<AutomationReason | null> {
  const meta = (row.metadata ?? {}) as AutomatedMeta & { leadId?: string }
  if (meta.source !== AUTOMATION_SOURCE || !meta.automation || meta.draftKind || !meta.leadId) return null
  const step = await findStepOfMessage(deps.db, row.id)
  if (step?.state !== 'sent') return null
  const lead = await findLead(deps.db, row.clientId, meta.leadId)
  if (!lead) return null
  const now = deps.clock()
  const held = now.getTime() - row.createdAt.getTime() >= FRESH_CLAIM_MS
  const messages =
    held || meta.yelpAttemptedAt
      ? await deps.sources.get(lead.source).readMessages(row.clientId, meta.leadId)
      : storedMessagesOf(lead)
  if (meta.yelpAttemptedAt && onSourceAlready(messages, row.content ?? '', meta.yelpAttemptedAt)) return null
  const consumerAfter = step.consumerSeenUntil ?? row.createdAt
  const reason = await overtakenBy(deps.db, lead, messages, consumerAfter)
  if (!reason) return null
  const withdrawn = await deps.db.transaction(async (tx) => {
    if (!(await withdrawClaimedStep(tx, { id: step.id, kind: step.kind, messageRowId: row.id }, reason, now)))
      return false
    // Every reason here ends the sequence for good (§9.2): the follow-up planned from this
    // message, and any draft of the lead's steps, end with it.
    await cancelScheduledSteps(tx, step.leadId, reason, now)
    await deleteAutomationDraftsOfLead(tx, step.leadId)
    return true
  })
  if (!withdrawn) return null
  deps.log.info(
    { clientId: row.clientId, leadId: meta.leadId, step: step.kind, reason },
    `Automated ${step.kind} of lead ${meta.leadId} withdrawn before posting: ${reason}`,
  )
  return reason
}

const normalised = (text: string) => text.replace(/\s+/g, ' ').trim()

/** Whether the source holds this text from the business since the first attempt (with clock slack). */
function onSourceAlready(messages: readonly LeadMessage[], text: string, attemptedAt: string): boolean {
  const since = Date.parse(attemptedAt) - 60_000
  return messages.some(
    (message) =>
      message.author !== 'consumer' &&
      normalised(message.text) === normalised(text) &&
      Date.parse(message.time) >= since,
  )
}
