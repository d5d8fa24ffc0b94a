import type { AutomationReason } from '@common/lead-automation.ts'
import type { FastifyBaseLogger } from 'fastify'
import type { DB } from '../../db/database.ts'
import type { YelpEvent } from '../../integrations/yelp/yelp.schemas.ts'
import {
  AUTOMATION_SOURCE,
  cancelScheduledSteps,
  findStepOfMessage,
  withdrawClaimedStep,
} from '../../repositories/lead-automation.repository.ts'
import { deleteAutomationDraftsOfLead } from '../../repositories/lead-drafts.repository.ts'
import { findLead } from '../../repositories/leads.repository.ts'
import type { MessageRow } from '../../repositories/messages.repository.ts'
import { storedEventsOf } from '../lead-sync/lead-mapper.ts'
import type { LeadsPort } from '../provider-ports.ts'
import { overtakenBy } from './automation-overtaken.ts'

/**
 * How old a claim may be for its post to trust the events the claiming run read: younger, that
 * run read Yelp moments ago; older (a burst, an outage, a re-auth held the post), Yelp is asked.
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
  yelpLeads: Pick<LeadsPort, 'listEvents'>
  clock: () => Date
  log: FastifyBaseLogger
}

/**
 * Right before a first reply or follow-up is posted to Yelp — which may be hours after the run
 * that claimed it (docs/spec/product.md §9.2) — looks again: the lead's status as stored now, the
 * replies of people, and consumer messages newer than the step was decided on. When one of them
 * means the message must not go, the step ends with that reason (history) and its message is
 * withdrawn, in one transaction; answers the reason, or null to post. A draft a person approved
 * is not checked here (its send was). A retry after an attempt that may have reached Yelp posts
 * as before when Yelp shows the text: it went out.
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
  const events =
    held || meta.yelpAttemptedAt
      ? await deps.yelpLeads.listEvents(row.clientId, meta.leadId)
      : storedEventsOf(lead)
  if (meta.yelpAttemptedAt && onYelpAlready(events, row.content ?? '', meta.yelpAttemptedAt)) return null
  const consumerAfter = step.consumerSeenUntil ?? row.createdAt
  const reason = await overtakenBy(deps.db, lead, events, consumerAfter)
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

/** Whether Yelp holds this text from the business since the first attempt (with clock slack). */
function onYelpAlready(events: readonly YelpEvent[], text: string, attemptedAt: string): boolean {
  const since = Date.parse(attemptedAt) - 60_000
  return events.some(
    (event) =>
      event.user_type === 'BIZ' &&
      normalised(event.event_content?.text ?? '') === normalised(text) &&
      Date.parse(event.time_created) >= since,
  )
}
