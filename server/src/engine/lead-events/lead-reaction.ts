import type { DB } from '../../db/database.ts'
import type { AlertPort } from '../alerts/alert-port.ts'
import type { ChangePort } from '../changes/change-port.ts'
import type { JobQueue } from '../queue/job-queue.ts'
import type { LeadEvent, LeadEventOf, LeadEventType } from './lead-event.ts'

/**
 * What a reaction may use. `tx` is the transaction the event was recorded in: what a reaction
 * writes or queues (`jobs.enqueue(job, data, { tx })`) commits with the change that caused it, or
 * not at all. `alerts` and `changes` take effect once that transaction committed: the alerts
 * outbox writes in its own transactions, an alert for a change that rolled back would be false,
 * and an open screen told earlier would read the lead before the change.
 */
export interface LeadReactionContext {
  tx: DB
  jobs: JobQueue
  alerts: AlertPort
  changes: ChangePort
  clock: () => Date
}

/**
 * One consequence of lead events: the events it follows (`on`) and what it does for each. A
 * reaction file exports one, made with `defineLeadReaction`
 * (engine/lead-events/reactions/<name>.reaction.ts), and one line of lead-reactions.ts lists it
 * (docs/architecture.md, "Adding a lead reaction").
 */
export interface LeadReactionDeclaration<T extends LeadEventType> {
  on: readonly T[]
  /** A throw rolls back the caller's change with it (the sync then runs again, the request fails). */
  react(event: LeadEventOf<T>, ctx: LeadReactionContext): Promise<void>
}

/** A declared reaction as the registry holds it: any event may be offered; it acts on its own. */
export interface LeadReaction {
  on: readonly LeadEventType[]
  react(event: LeadEvent, ctx: LeadReactionContext): Promise<void>
}

/** Declares a reaction; `react` gets only the events of `on`, typed by them. */
export function defineLeadReaction<T extends LeadEventType>(
  declared: LeadReactionDeclaration<T>,
): LeadReaction {
  const follows = (event: LeadEvent): event is LeadEventOf<T> =>
    (declared.on as readonly LeadEventType[]).includes(event.type)
  return {
    on: declared.on,
    async react(event, ctx) {
      if (follows(event)) await declared.react(event, ctx)
    },
  }
}
