import { nextBusinessMoment } from '@common/business-hours.ts'
import type { AutomationKind, AutomationReason, AutomationState } from '@common/lead-automation.ts'
import type { Playbook } from '@common/playbook.ts'

// What a lead's automation should do next (docs/spec/product.md §9.2, §9.7), decided from facts
// gathered beforehand: a pure function, so every rule has a table row in its unit test. The
// caller (lead-automation.ts) applies the decision with the rows' unique (lead, kind, step) key,
// so a decision taken twice, by two processes or after a crash, happens once.

export interface AutomationRowFacts {
  kind: AutomationKind
  step: number
  state: AutomationState
  reason: string | null
  dueAt: Date
  /** When the row took its state (for a sent step: when it was sent). */
  at: Date
}

export interface LeadFacts {
  now: Date
  playbook: Playbook
  /** Since when a new lead gets a first reply: when the client turned first replies on. */
  firstReplySince: Date | null
  /** Since when a lead enters the follow-ups: when the client gave its playbook follow-ups. */
  followUpsSince: Date | null
  /**
   * The lead came by a historical import (its conversation began before the import that stored
   * it): it is history, never followed up, whatever its dates.
   */
  imported: boolean
  status: string
  firstConsumerMessageAt: Date | null
  newestConsumerMessageAt: Date | null
  /** The newest business message written by a person (Yelp, GHL or the inbox), not by automation. */
  lastPersonReplyAt: Date | null
  rows: readonly AutomationRowFacts[]
}

export type AutomationAction =
  | { type: 'schedule'; kind: AutomationKind; step: number; dueAt: Date }
  /** A step that will not happen, recorded once with its reason (history). */
  | {
      type: 'record'
      kind: AutomationKind
      step: number
      state: 'skipped' | 'cancelled'
      reason: AutomationReason
    }
  /** Every scheduled step of the lead ends with this reason. */
  | { type: 'cancel_scheduled'; reason: AutomationReason }

const CLOSED_STATUSES: ReadonlySet<string> = new Set(['converted', 'closed'])
/** Reasons that end the follow-up sequence for good. */
const STOPS_FOR_GOOD: ReadonlySet<string> = new Set(['consumer_replied', 'business_replied', 'status_closed'])

const after = (a: Date | null, b: Date | null) => a !== null && b !== null && a.getTime() > b.getTime()

export function planAutomation(facts: LeadFacts): AutomationAction[] {
  const { rows, playbook } = facts
  const scheduled = rows.filter((row) => row.state === 'scheduled')
  if (CLOSED_STATUSES.has(facts.status)) {
    return scheduled.length ? [{ type: 'cancel_scheduled', reason: 'status_closed' }] : []
  }
  if (!facts.firstConsumerMessageAt) return []
  const firstReply = rows.find((row) => row.kind === 'first_reply')
  const answeredByPerson =
    facts.lastPersonReplyAt !== null && !after(facts.firstConsumerMessageAt, facts.lastPersonReplyAt)

  // A person answered: what is still scheduled will not happen, and nothing new is planned.
  if (answeredByPerson) {
    const actions: AutomationAction[] = scheduled.length
      ? [{ type: 'cancel_scheduled', reason: 'business_replied' }]
      : []
    if (!firstReply && wantsFirstReply(facts))
      actions.push({
        type: 'record',
        kind: 'first_reply',
        step: 0,
        state: 'skipped',
        reason: 'business_replied',
      })
    return actions
  }
  if (!firstReply && wantsFirstReply(facts)) {
    const due = facts.firstConsumerMessageAt.getTime() + playbook.firstReply.delaySeconds * 1000
    return [
      { type: 'schedule', kind: 'first_reply', step: 0, dueAt: new Date(Math.max(due, facts.now.getTime())) },
    ]
  }
  return planFollowUps(facts, firstReply)
}

/** A first reply is owed to a lead whose first message came while first replies were on. */
function wantsFirstReply(facts: LeadFacts): boolean {
  const { firstReply } = facts.playbook
  if (!firstReply.enabled || !facts.firstReplySince || !facts.firstConsumerMessageAt) return false
  return facts.firstConsumerMessageAt.getTime() >= facts.firstReplySince.getTime()
}

/**
 * A lead enters the follow-ups only when its conversation began while they were on, and not by
 * an import: switching them on, or importing, never follows up on history (whose clock would
 * start at an old message and fire at once). A lead already in the sequence stays in it.
 */
function entersFollowUps(facts: LeadFacts): boolean {
  if (facts.imported || !facts.followUpsSince || !facts.firstConsumerMessageAt) return false
  return facts.firstConsumerMessageAt.getTime() >= facts.followUpsSince.getTime()
}

function planFollowUps(facts: LeadFacts, firstReply: AutomationRowFacts | undefined): AutomationAction[] {
  const followUps = facts.rows.filter((row) => row.kind === 'follow_up').sort((a, b) => a.step - b.step)
  if (followUps.length === 0 && !entersFollowUps(facts)) return []
  if (followUps.some((row) => row.reason !== null && STOPS_FOR_GOOD.has(row.reason))) return []
  const pending = followUps.find((row) => row.state === 'scheduled')
  const last = followUps.at(-1)
  // The clock of the pending (or next) step starts from the step before it.
  const anchor = followUpAnchor(
    facts,
    firstReply,
    followUps.filter((row) => row.state !== 'scheduled').at(-1),
  )
  if (pending) {
    // The consumer wrote after the message this step's clock started from: the sequence stops.
    if (anchor.kind === 'business' && after(facts.newestConsumerMessageAt, anchor.at))
      return [{ type: 'cancel_scheduled', reason: 'consumer_replied' }]
    return []
  }
  if (!anchor.at) return []
  const step = (last?.step ?? 0) + 1
  const playbookStep = facts.playbook.followUps[step - 1]
  if (!playbookStep) return []
  if (anchor.kind === 'business' && after(facts.newestConsumerMessageAt, anchor.at))
    return [{ type: 'record', kind: 'follow_up', step, state: 'cancelled', reason: 'consumer_replied' }]
  const dueAt = nextBusinessMoment(
    new Date(anchor.at.getTime() + playbookStep.afterMinutes * 60_000),
    facts.playbook,
  )
  if (!dueAt)
    return [{ type: 'record', kind: 'follow_up', step, state: 'skipped', reason: 'no_business_hours' }]
  return [{ type: 'schedule', kind: 'follow_up', step, dueAt }]
}

/**
 * What the next follow-up's clock starts from: the previous automated message, sent; or, with
 * first replies off and nothing sent yet, the consumer's newest message (§9.7). Null while the
 * previous step has not been sent (scheduled, or a draft waiting for a person).
 */
function followUpAnchor(
  facts: LeadFacts,
  firstReply: AutomationRowFacts | undefined,
  last: AutomationRowFacts | undefined,
): { kind: 'business' | 'consumer'; at: Date | null } {
  const previous = last ?? firstReply
  if (!previous) return { kind: 'consumer', at: facts.newestConsumerMessageAt }
  if (previous.state === 'sent') return { kind: 'business', at: previous.at }
  // Skipped for want of business hours, or turned off: the clock starts from the consumer.
  if (
    previous.kind === 'first_reply' &&
    previous.state === 'skipped' &&
    previous.reason !== 'business_replied'
  )
    return { kind: 'consumer', at: facts.newestConsumerMessageAt }
  return { kind: 'business', at: null }
}
