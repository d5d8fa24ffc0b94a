import type { ChangeEvent } from '@common/leads.ts'
import type { DB } from '../../db/database.ts'
import type { AlertEvent, AlertPort } from '../alerts/alert-port.ts'
import type { ChangePort } from '../changes/change-port.ts'
import type { JobQueue } from '../queue/job-queue.ts'
import type { LeadEvent } from './lead-event.ts'
import type { LeadReaction, LeadReactionContext } from './lead-reaction.ts'
import { LEAD_REACTIONS } from './lead-reactions.ts'

/**
 * Where the sync, the inbox and the GHL webhook record what happened to a lead. The reactions of
 * each event (lead-reactions.ts) run inside the caller's transaction, so their jobs exist if and
 * only if the change that caused them committed: no outbox table and no extra queue hop between a
 * change and its follow-ups (docs/decisions/0030).
 */
export interface LeadEvents {
  /**
   * Records `events`: inside `db` when it is a transaction opened by `transaction` below, else in
   * a transaction of their own.
   */
  record(db: DB, events: readonly LeadEvent[]): Promise<void>
  /**
   * Runs `run` in one transaction (the job queue's: the jobs queued in it wake a worker once it
   * committed); the alerts and screen changes of the events recorded in it follow the commit.
   */
  transaction<T>(db: DB, run: (tx: DB) => Promise<T>): Promise<T>
}

export interface LeadEventRecorderDeps {
  jobs: JobQueue
  alerts: AlertPort
  changes: ChangePort
  clock?: () => Date
  /** The registry; a test may hand its own. */
  reactions?: readonly LeadReaction[]
}

/** The lead events port, running the registry's reactions. */
export class LeadEventRecorder implements LeadEvents {
  /** What each transaction opened in `transaction` owes once committed, keyed by its handle. */
  private readonly owed = new WeakMap<DB, Owed>()
  private readonly reactions: readonly LeadReaction[]
  private readonly clock: () => Date

  constructor(private readonly deps: LeadEventRecorderDeps) {
    this.reactions = deps.reactions ?? LEAD_REACTIONS
    this.clock = deps.clock ?? (() => new Date())
  }

  async record(db: DB, events: readonly LeadEvent[]): Promise<void> {
    if (events.length === 0) return
    const owed = this.owed.get(db)
    if (!owed) return this.transaction(db, (tx) => this.record(tx, events))
    const ctx: LeadReactionContext = {
      tx: db,
      jobs: this.deps.jobs,
      alerts: { raise: async (alert) => void owed.alerts.push(alert) },
      changes: { announce: (change) => void owed.changes.push(change) },
      clock: this.clock,
    }
    for (const event of events)
      for (const reaction of this.reactions)
        if (reaction.on.includes(event.type)) await reaction.react(event, ctx)
  }

  async transaction<T>(db: DB, run: (tx: DB) => Promise<T>): Promise<T> {
    const owed: Owed = { alerts: [], changes: [] }
    const result = await this.deps.jobs.transaction(db, (tx) => {
      this.owed.set(tx, owed)
      return run(tx)
    })
    // The outbox never throws at its caller: an alert it could not record is logged.
    for (const alert of owed.alerts) await this.deps.alerts.raise(alert)
    for (const change of owed.changes) this.deps.changes.announce(change)
    return result
  }
}

interface Owed {
  alerts: AlertEvent[]
  changes: ChangeEvent[]
}
